/** @jest-environment ./test/web/jsdom-environment.ts */
// The chat button: each channel's link built from its value (wa.me, m.me, t.me, mailto:, tel:),
// the menu it opens by mouse and keyboard, the greeting bubble, and what a visitor's taps report.
import { LONG, checked, drawWidget, templatesOf } from './draw-widget';

afterEach(() => {
  document.body.replaceChildren();
  jest.useRealTimers();
});

const hrefs = (links: HTMLElement[]) => links.map((link) => link.getAttribute('href'));

it('opens a menu of the default channels from a labelled button, and closes it with Escape', () => {
  const { drawn, shadow, all, track } = drawWidget('chat-button');
  expect(drawn).toBe(true);
  const main = shadow.querySelector<HTMLButtonElement>('button.main') as HTMLButtonElement;
  expect(main.getAttribute('aria-label')).toBe('Chat with us');
  expect(main.getAttribute('aria-expanded')).toBe('false');
  expect(shadow.querySelector('.menu')?.hasAttribute('hidden')).toBe(true);
  main.click();
  expect(main.getAttribute('aria-expanded')).toBe('true');
  expect(shadow.querySelector('.menu')?.hasAttribute('hidden')).toBe(false);
  expect(hrefs(all('.menu a'))).toEqual(['https://wa.me/15550102030?text=Hello!%20I%20have%20a%20question.', 'mailto:hello@example.com']);
  expect(shadow.activeElement).toBe(all('.menu a')[0]);
  expect(track).toHaveBeenCalledWith('button');
  all('.menu a')[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  expect(main.getAttribute('aria-expanded')).toBe('false');
  expect(shadow.activeElement).toBe(main);
});

it('builds each channel link from its value and leaves out values that do not fit', () => {
  const { all } = drawWidget('chat-button', {
    message: '',
    channels: [
      { type: 'messenger', value: 'nindo.demo' },
      { type: 'telegram', value: '@nindo_demo' },
      { type: 'phone', value: '+44 (20) 7946-0000' },
      { type: 'email', value: 'a@b.example' },
      { type: 'whatsapp', value: 'javascript:alert(1)' },
      { type: 'messenger', value: 'evil.com/x?y' },
      { type: 'email', value: 'x@y.com?bcc=z@w.com' },
      { type: 'phone', value: 'tel:123;x' },
    ],
  });
  expect(hrefs(all('.menu a'))).toEqual(['https://m.me/nindo.demo', 'https://t.me/nindo_demo', 'tel:+442079460000', 'mailto:a@b.example']);
  expect(all('.menu a')[0].getAttribute('target')).toBe('_blank');
  expect(all('.menu a')[2].hasAttribute('target')).toBe(false);
});

it('makes the button itself the link when there is one channel, and reports the click as a link', () => {
  const { shadow, track } = drawWidget('chat-button', templatesOf('chat-button')[0].settings);
  const main = shadow.querySelector<HTMLAnchorElement>('a.main') as HTMLAnchorElement;
  expect(main.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/15550102030\?text=/);
  expect(main.getAttribute('aria-label')).toBe('Chat on WhatsApp');
  expect(shadow.querySelector('.menu')).toBeNull();
  main.click();
  expect(track).toHaveBeenCalledWith('link');
});

it('shows the greeting after its delay and lets the visitor close it', () => {
  jest.useFakeTimers();
  const { shadow } = drawWidget('chat-button', { greetingDelay: 2 });
  const bubble = shadow.querySelector('.bubble') as HTMLElement;
  expect(bubble.hidden).toBe(true);
  jest.advanceTimersByTime(2000);
  expect(bubble.hidden).toBe(false);
  expect(bubble.textContent).toBe('Hi there! How can we help you today?');
  shadow.querySelector<HTMLButtonElement>('[aria-label="Close the greeting"]')?.click();
  expect(bubble.hidden).toBe(true);
});

it('sits on the left when asked', () => {
  expect(drawWidget('chat-button', { position: 'bottom-left' }).shadow.querySelector('.cb')?.classList.contains('left')).toBe(true);
});

it.each(templatesOf('chat-button').map((template) => [template.id, template]))('draws the %s template, which the server accepts', (_id, template) => {
  expect(() => checked('chat-button', template.settings)).not.toThrow();
  expect(drawWidget('chat-button', template.settings).shadow.querySelector('.main')).not.toBeNull();
});

it('draws nothing without a usable channel, and long texts as text', () => {
  expect(drawWidget('chat-button', { channels: [] }).shadow.querySelector('.main')).toBeNull();
  const long = drawWidget('chat-button', { greeting: `<b>${LONG}</b>`.slice(0, 160) });
  expect(long.shadow.querySelector('b')).toBeNull();
  expect(templatesOf('chat-button').length).toBeGreaterThanOrEqual(3);
});
