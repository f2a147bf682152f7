// Waiting assertions for scenarios (playwright-core has no `expect`): each polls until the
// condition holds or fails with what it was waiting for.
import type { Locator, Page } from 'playwright-core';

const TIMEOUT_MS = 10_000;

export async function until(condition: () => Promise<boolean>, what: string, timeoutMs = TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`still waiting for ${what} after ${timeoutMs} ms`);
}

export const visible = (locator: Locator, timeoutMs = TIMEOUT_MS): Promise<void> => locator.first().waitFor({ state: 'visible', timeout: timeoutMs });

export const disabled = (locator: Locator, yes = true): Promise<void> =>
  until(async () => (await locator.isDisabled()) === yes, `${locator} to be ${yes ? 'disabled' : 'enabled'}`);

export const checked = (locator: Locator, yes = true): Promise<void> =>
  until(async () => (await locator.isChecked()) === yes, `${locator} to be ${yes ? 'checked' : 'unchecked'}`);

export const hasValue = (locator: Locator, value: string): Promise<void> =>
  until(async () => (await locator.inputValue()) === value, `${locator} to have value ${value}`);

export const urlMatches = (page: Page, pattern: RegExp, timeoutMs = TIMEOUT_MS): Promise<void> =>
  until(async () => pattern.test(page.url()), `URL matching ${pattern} (at ${page.url()})`, timeoutMs);
