/** @jest-environment ./test/web/jsdom-environment.ts */
// The visitor id the runtime sends: kept in the page's own storage, so a second page load is the
// same visitor; a fresh one per load where storage is refused.
import { visitorId } from '../../web/embed/visitor';

const PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

beforeEach(() => localStorage.clear());

it('keeps one id in the page storage across loads, in the pattern the server accepts', () => {
  const first = visitorId();
  expect(first).toMatch(PATTERN);
  expect(visitorId()).toBe(first);
  expect(localStorage.getItem('nindo:visitor')).toBe(first);
});

it('replaces a stored id the server would refuse', () => {
  localStorage.setItem('nindo:visitor', 'short');
  expect(visitorId()).toMatch(PATTERN);
  expect(localStorage.getItem('nindo:visitor')).not.toBe('short');
});

it('makes an id for the page load where storage throws', () => {
  const refusing = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => undefined };
  const [a, b] = [visitorId(refusing), visitorId(refusing)];
  expect(a).toMatch(PATTERN);
  expect(a).not.toBe(b);
});
