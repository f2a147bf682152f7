// What a scenario file (test/e2e/*.e2e.ts) exports: `export const scenarios: Scenario[]`.
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface ScenarioContext {
  browser: Browser;
  /** A fresh browser context (own cookies) with baseURL set; context.request shares its cookies. */
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /** Saves test-results/screens/<name>.png (full page). */
  screenshot: (name: string, target?: Page) => Promise<void>;
}

/** A server a scenario starts for itself (another document, another web build), stopped after it. */
export interface OwnServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

export interface Scenario {
  name: string;
  /** Longer than the runner's 180 s, for a scenario that walks every route. */
  timeoutMs?: number;
  /** Starts the server this scenario runs against instead of the shared one; bounds its own waits. */
  server?: () => Promise<OwnServer>;
  run: (ctx: ScenarioContext) => Promise<void>;
}
