/** @jest-environment ./test/web/jsdom-environment.ts */
// The runtime's event sender: events leave in batches of at most 50 a moment after the last
// one, and at once when the page is hidden or closed, so a closing page loses none.
import { eventSender } from '../../web/embed/events';

const event = { widgetId: 'w1', type: 'impression' as const, host: 'shop.example' };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const sent = (post: jest.Mock) => post.mock.calls.map(([, body]: [string, string]) => (JSON.parse(body) as { events: unknown[] }).events);

it('sends the queued events in one batch two seconds after the first', () => {
  const post = jest.fn();
  const sender = eventSender({ endpoint: 'https://nindo.example/api/v1/events', post });
  sender.send(event);
  sender.send({ ...event, type: 'engagement', subtype: 'vote' });
  expect(post).not.toHaveBeenCalled();
  jest.advanceTimersByTime(2000);
  expect(post).toHaveBeenCalledTimes(1);
  expect(post.mock.calls[0][0]).toBe('https://nindo.example/api/v1/events');
  expect(sent(post)[0]).toEqual([
    { ...event, at: expect.any(String) },
    { ...event, type: 'engagement', subtype: 'vote', at: expect.any(String) },
  ]);
});

it('names the visitor in every batch', () => {
  const post = jest.fn();
  const sender = eventSender({ endpoint: '/e', visitorId: 'a1b2c3d4e5f6a7b8c9d0', post });
  sender.send(event);
  sender.flush();
  expect(JSON.parse(post.mock.calls[0][1] as string)).toMatchObject({ visitorId: 'a1b2c3d4e5f6a7b8c9d0' });
});

it('sends a full batch of 50 at once', () => {
  const post = jest.fn();
  const sender = eventSender({ endpoint: '/e', post });
  for (let i = 0; i < 50; i++) sender.send(event);
  expect(sent(post)[0]).toHaveLength(50);
});

it.each([
  ['the page is closed', () => dispatchEvent(new Event('pagehide'))],
  [
    'the page is hidden',
    () => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    },
  ],
])('sends what is queued at once when %s', (_when, leave) => {
  const post = jest.fn();
  const sender = eventSender({ endpoint: '/e', post });
  sender.send(event);
  leave();
  expect(sent(post)).toEqual([[{ ...event, at: expect.any(String) }]]);
});
