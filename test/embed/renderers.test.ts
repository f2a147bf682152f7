/** @jest-environment ./test/web/jsdom-environment.ts */
// Each built-in widget type drawn from its schema's defaults into a shadow root, as the embed
// runtime draws it on a site: what a visitor sees and the engagement each click reports.
import { components } from '../../generated/openapi.json';
import { settingsDefaults, settingsSchemaName } from '../../rules/widget-settings';
import type { SettingsSchema } from '../../rules/widget-settings';
import { mountWidget } from '../../web/embed/mount';
import { RENDERERS } from '../../web/embed/renderers';
import { timeLeft } from '../../web/embed/renderers/countdown';
import { withOwnVote } from '../../web/embed/renderers/poll';

const schemas = components.schemas as Record<string, SettingsSchema>;

function draw(type: string, settings: Record<string, unknown> = {}, widgetId = `w-${Math.random()}`, readable?: unknown) {
  const host = document.createElement('div');
  document.body.append(host);
  const track = jest.fn();
  const read = jest.fn(async () => readable);
  const drawn = mountWidget({ host, type, widgetId, settings: { ...settingsDefaults(schemas[settingsSchemaName(type)] ?? {}), ...settings }, track, read });
  const shadow = host.shadowRoot as ShadowRoot;
  return { host, shadow, track, read, drawn, text: () => shadow.textContent ?? '' };
}

const click = (element: Element | null | undefined) => (element as HTMLElement).click();

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

it('has a settings schema for every renderer', () => {
  for (const type of Object.keys(RENDERERS)) expect(schemas[settingsSchemaName(type)]).toBeDefined();
});

it.each(Object.keys(RENDERERS))('draws %s from its defaults inside a shadow root with its own styles', (type) => {
  const { shadow, drawn, text } = draw(type);
  expect(drawn).toBe(true);
  expect(shadow.querySelector('style')?.textContent).toContain('--accent');
  expect(text().length).toBeGreaterThan(20);
});

it('leaves the placeholder empty for a type without a renderer', () => {
  expect(draw('no-such-type').drawn).toBe(false);
});

describe('countdown', () => {
  it.each([
    [90_061_000, [1, 1, 1, 1]],
    [59_000, [0, 0, 0, 59]],
    [-5, [0, 0, 0, 0]],
  ])('splits %i ms into days, hours, minutes and seconds', (ms, parts) => {
    expect(timeLeft(ms, 0)).toEqual(parts);
  });

  it('shows the time left and reports the button', () => {
    const { shadow, track, text } = draw('countdown', { endsAt: new Date(Date.now() + 2 * 86_400_000 + 5000).toISOString() });
    expect(text()).toContain('Our winter sale ends in');
    expect(shadow.querySelector('.unit b')?.textContent).toBe('02');
    click(shadow.querySelector('a.cta'));
    expect(track).toHaveBeenCalledWith('button');
  });

  it('shows the text once it has ended', () => {
    const { text } = draw('countdown', { endsAt: '2020-01-01T00:00:00.000Z', expiredText: 'Too late!' });
    expect(text()).toContain('Too late!');
  });
});

it('FAQ opens one answer at a time and reports each opening as a tab', () => {
  const { shadow, track } = draw('faq');
  const [first, second] = shadow.querySelectorAll('button.question');
  click(first);
  expect(first.getAttribute('aria-expanded')).toBe('true');
  expect(shadow.querySelector('#answer-0')?.hasAttribute('hidden')).toBe(false);
  click(second);
  expect(first.getAttribute('aria-expanded')).toBe('false');
  expect(shadow.querySelector('#answer-0')?.hasAttribute('hidden')).toBe(true);
  expect(track).toHaveBeenCalledTimes(2);
  expect(track).toHaveBeenCalledWith('tab');
});

it('testimonials show quotes, authors and star ratings', () => {
  const { shadow } = draw('testimonials', { items: [{ quote: 'Lovely', author: 'Ann', role: 'CEO', rating: 4 }] });
  expect(shadow.querySelector('blockquote')?.textContent).toBe('“Lovely”');
  expect(shadow.querySelector('.stars')?.textContent).toBe('★★★★☆');
  expect(shadow.querySelector('figcaption')?.textContent).toBe('AnnCEO');
});

describe('poll', () => {
  const TEA_OR_COFFEE = { options: ['Tea', 'Coffee'] };
  const results = (tea: number, coffee: number) => ({ guid: 'poll-1', options: [{ option: 'Tea', votes: tea }, { option: 'Coffee', votes: coffee }], total: tea + coffee });
  /** Each drawn result row as "answer share · votes", the visitor's own marked. */
  const rows = (shadow: ShadowRoot) => [...shadow.querySelectorAll('.result')].map((row) => `${row.classList.contains('mine') ? '* ' : ''}${row.querySelector('.line')?.textContent}`);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  function voteFor(drawn: ReturnType<typeof draw>, index: number) {
    const vote = drawn.shadow.querySelector('button') as HTMLButtonElement;
    expect(vote.disabled).toBe(true);
    const input = drawn.shadow.querySelectorAll('input')[index];
    input.checked = true;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    click(vote);
  }

  it('takes one vote, reports it with its answer, thanks the visitor and remembers the answer', () => {
    const first = draw('poll', { ...TEA_OR_COFFEE, showResults: false }, 'poll-1');
    voteFor(first, 1);
    expect(first.track).toHaveBeenCalledWith('vote', 'Coffee');
    expect(first.text()).toContain('Thanks for voting!');
    expect(first.text()).toContain('Your answer: Coffee');
    const later = draw('poll', { ...TEA_OR_COFFEE, showResults: false }, 'poll-1');
    expect(later.shadow.querySelector('input')).toBeNull();
    expect(later.text()).toContain('Your answer: Coffee');
    expect(later.read).not.toHaveBeenCalled();
  });

  it('shows each answer with its share and votes after a vote, the new vote counted in and marked', async () => {
    const drawn = draw('poll', TEA_OR_COFFEE, 'poll-1', results(3, 0));
    voteFor(drawn, 1);
    await settle();
    expect(drawn.read).toHaveBeenCalledWith('results');
    expect(rows(drawn.shadow)).toEqual(['Tea75% · 3 votes', '* Coffee ✓25% · 1 vote']);
    expect(drawn.shadow.querySelector<HTMLElement>('.mine .bar i')?.style.width).toBe('25%');
    expect(drawn.shadow.querySelector('.total')?.textContent).toBe('4 votes');
    expect(drawn.text()).toContain('Thanks for voting!');
  });

  it.each([
    ['counted already', results(3, 1), ['Tea75% · 3 votes', '* Coffee ✓25% · 1 vote']],
    ['not counted yet (its answer shows none)', results(2, 0), ['Tea67% · 2 votes', '* Coffee ✓33% · 1 vote']],
  ])('shows the results again on a later visit, the earlier vote %s', async (_case, read, expected) => {
    localStorage.setItem('nindo:vote:poll-1', 'Coffee');
    const later = draw('poll', TEA_OR_COFFEE, 'poll-1', read);
    await settle();
    expect(rows(later.shadow)).toEqual(expected);
  });

  it('keeps the thanks alone when the results cannot be read', async () => {
    const drawn = draw('poll', TEA_OR_COFFEE, 'poll-1', undefined);
    voteFor(drawn, 0);
    await settle();
    expect(drawn.shadow.querySelector('.results')).toBeNull();
    expect(drawn.text()).toContain('Your answer: Tea');
  });

  it.each([
    ['answers read in another order, one unknown to the settings', { guid: 'p', options: [{ option: 'Old', votes: 9 }, { option: 'Coffee', votes: 2 }, { option: 'Tea', votes: 1 }], total: 12 }, 'Tea', true, [2, 2]],
    ['an answer no longer offered', results(1, 1), 'Milk', true, [1, 1]],
    ['a fresh poll', { guid: 'p', options: [], total: 0 }, 'Tea', true, [1, 0]],
  ])('counts the votes per drawn answer: %s', (_case, read, mine, justVoted, expected) => {
    expect(withOwnVote({ options: ['Tea', 'Coffee'], results: read, mine, justVoted }).map((row) => row.votes)).toEqual(expected);
  });
});

it('a pricing table highlights its plan and reports its buttons as conversions', () => {
  const { shadow, track } = draw('pricing-table');
  expect(shadow.querySelectorAll('.plan')).toHaveLength(3);
  expect(shadow.querySelector('.highlighted h3')?.textContent).toBe('Pro');
  expect(shadow.querySelector('.highlighted .price')?.textContent).toBe('$19 / month');
  click(shadow.querySelector('.highlighted a'));
  expect(track).toHaveBeenCalledWith('conversion');
});

it('an announcement bar links out and can be closed', () => {
  const { shadow, track } = draw('announcement-bar');
  click(shadow.querySelector('a'));
  expect(track).toHaveBeenCalledWith('link');
  click(shadow.querySelector('button.close'));
  expect(shadow.querySelector('.bar')).toBeNull();
});

it.each(['javascript:alert(1)', '//evil.example', 'data:text/html,x'])('never links to %s', (url) => {
  const { shadow } = draw('announcement-bar', { linkUrl: url });
  expect(shadow.querySelector('a')?.getAttribute('href')).toBe('#');
});

it('shows markup in settings as text', () => {
  const { shadow } = draw('announcement-bar', { text: '<img src=x onerror=alert(1)>' });
  expect(shadow.querySelector('img')).toBeNull();
  expect(shadow.querySelector('.bar span')?.textContent).toBe('<img src=x onerror=alert(1)>');
});

it('draws again in place, stopping the previous timer', () => {
  const { host } = draw('countdown');
  mountWidget({ host, type: 'faq', widgetId: 'w', settings: settingsDefaults(schemas.FaqSettings), track: jest.fn(), read: jest.fn() });
  expect(host.shadowRoot?.querySelectorAll('.root')).toHaveLength(1);
  expect(host.shadowRoot?.textContent).toContain('Frequently asked questions');
});
