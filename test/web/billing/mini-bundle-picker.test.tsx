/** @jest-environment ./test/web/jsdom-environment.ts */
// The mini-bundle picker (spec 002 sections 2, 5): a counter against the limit, a choice past the
// limit ignored with 'The bundle you chose supports N apps...', the Selected filter, the bracket
// app never offered, and a bundle over its limit asked to remove apps.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CatalogApp } from '../../../generated/client/types.gen';
import { MiniBundlePicker } from '../../../web/src/pages/billing/pricing/MiniBundlePicker';

const app = (componentType: string, name: string): CatalogApp =>
  ({ componentType, name, slug: componentType, serviceName: 'nindo', status: 'published', category: 'Apps', tags: [], teaser: '', promotionImage: '', buttonText: 'Try Now' }) as CatalogApp;
const apps = [app('faq', 'FAQ'), app('poll', 'Poll'), app('countdown', 'Countdown'), app('bracket', 'Bracket'), app('slider', 'Slider')];

const renderPicker = ({ limit = 2, initial = [] as string[] } = {}) => {
  const onSelect = jest.fn();
  render(<MiniBundlePicker open apps={apps} limit={limit} initial={initial} busy={false} onCancel={jest.fn()} onSelect={onSelect} />);
  return { onSelect, user: userEvent.setup() };
};

describe('MiniBundlePicker', () => {
  it('offers every app but the bracket and counts the choice against the limit', async () => {
    const { user, onSelect } = renderPicker();
    expect(screen.queryByRole('checkbox', { name: 'Bracket' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'FAQ' }));
    expect(screen.getByText('1 / 2 apps selected')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Poll' }));
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(onSelect).toHaveBeenCalledWith(['faq', 'poll']);
  });

  it('ignores a choice past the limit and says what the bundle supports', async () => {
    const { user } = renderPicker();
    for (const name of ['FAQ', 'Poll', 'Countdown']) await user.click(screen.getByRole('checkbox', { name }));
    expect((screen.getByRole('checkbox', { name: 'Countdown' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('The bundle you chose supports 2 apps. Please upgrade to a higher plan to add more apps.')).toBeTruthy();
  });

  it('shows only the chosen apps under Selected', async () => {
    const { user } = renderPicker({ initial: ['poll'] });
    await user.click(screen.getByRole('checkbox', { name: 'Selected' }));
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label') ?? box.parentElement?.textContent?.trim())).toEqual(['Selected', 'Poll']);
  });

  it('asks to remove apps from a bundle over its limit and will not save it', () => {
    renderPicker({ limit: 1, initial: ['faq', 'poll', 'countdown'] });
    expect(screen.getByText('Please remove 2 app(s) or upgrade to a higher plan.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Select' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
