/** @jest-environment ./test/web/jsdom-environment.ts */
// The team members as a visitor meets them in a shadow root: each person's photo (named), name,
// role, bio and links, as a grid, a list or a carousel with its buttons, the toggles, the links'
// engagement, and hostile settings drawn safely.
import { components } from '../../generated/openapi.json';
import { settingsDefaults } from '../../rules/widget-settings';
import type { SettingsSchema } from '../../rules/widget-settings';
import { mountWidget } from '../../web/embed/mount';
import { checkSettings } from '../../server/services/widget-embed/settings-schemas';

const schema = components.schemas.TeamMembersSettings as SettingsSchema & { 'x-templates': { id: string; settings: Record<string, unknown> }[] };

function draw(settings: Record<string, unknown> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const track = jest.fn();
  const drawn = mountWidget({ host, type: 'team-members', widgetId: `w-${Math.random()}`, settings: { ...settingsDefaults(schema), ...settings }, track, read: jest.fn() });
  const shadow = host.shadowRoot as ShadowRoot;
  return { shadow, track, drawn, section: shadow.querySelector('section') as HTMLElement };
}

afterEach(() => document.body.replaceChildren());

it('shows the heading and four default members with named photos, roles, bios and links', () => {
  const { shadow, drawn, section } = draw();
  expect(drawn).toBe(true);
  expect(shadow.querySelector('h2')?.textContent).toBe('Meet our team');
  expect(shadow.querySelector('.sub')?.textContent).toBe('The people who make it all happen.');
  expect([...shadow.querySelectorAll('h3')].map((name) => name.textContent)).toEqual(['Ana Ruiz', 'Ben Okafor', 'Chloé Martin', 'Dev Patel']);
  const photo = shadow.querySelector('img') as HTMLImageElement;
  expect(photo.alt).toBe('Ana Ruiz');
  expect(photo.getAttribute('src')).toBe(`${location.origin}/widget-media/person-ana.svg`);
  expect(shadow.querySelector('.role')?.textContent).toBe('Founder and CEO');
  expect(shadow.querySelectorAll('.bio')).toHaveLength(4);
  expect(shadow.querySelector('.links')?.getAttribute('aria-label')).toBe("Ana Ruiz's links");
  expect(section.className).toBe('team grid shadow circle');
  expect(shadow.querySelector('.nav')).toBeNull();
});

it('hides bios and links when turned off and draws the chosen layout, card style and photo shape', () => {
  const { shadow, section } = draw({ showBio: false, showLinks: false, layout: 'list', cardStyle: 'flat', photoShape: 'square' });
  expect(shadow.querySelector('.bio')).toBeNull();
  expect(shadow.querySelector('.links')).toBeNull();
  expect(section.className).toBe('team list flat square');
});

it('opens a member link in a new tab and reports a link engagement', () => {
  const { shadow, track } = draw();
  const anchor = shadow.querySelector('.links a') as HTMLAnchorElement;
  expect(anchor.textContent).toBe('LinkedIn');
  expect(anchor.getAttribute('href')).toBe('https://www.linkedin.com/');
  expect(anchor.target).toBe('_blank');
  anchor.click();
  expect(track).toHaveBeenCalledWith('link');
});

it('draws the carousel as a focusable scrolling region with previous and next buttons that report', () => {
  const { shadow, section, track } = draw({ layout: 'carousel' });
  expect(section.getAttribute('aria-roledescription')).toBe('carousel');
  const people = shadow.querySelector('.people') as HTMLElement;
  expect(people.tabIndex).toBe(0);
  (shadow.querySelector('button[aria-label="Next members"]') as HTMLButtonElement).click();
  (shadow.querySelector('button[aria-label="Previous members"]') as HTMLButtonElement).click();
  expect(track).toHaveBeenCalledTimes(2);
  expect(track).toHaveBeenCalledWith('button');
});

it('draws hostile settings safely: javascript: photo and link, very long texts, no photo, no members', () => {
  const long = '<script>alert(1)</script>'.repeat(100);
  const { shadow } = draw({ members: [{ photo: 'javascript:alert(1)', name: 'Zoe Quinn', role: long, bio: long, links: [{ label: 'Evil', url: 'javascript:alert(1)' }] }] });
  expect(shadow.querySelector('img')).toBeNull();
  expect(shadow.querySelector('.photo')?.textContent).toBe('ZQ');
  expect(shadow.querySelector('script')).toBeNull();
  expect(shadow.querySelector('.bio')?.textContent).toBe(long);
  expect(shadow.querySelector('.links a')?.getAttribute('href')).toBe('#');
  document.body.replaceChildren();
  const empty = draw({ members: [], layout: 'carousel' });
  expect(empty.shadow.querySelector('.person')).toBeNull();
  expect(empty.shadow.querySelector('.nav')).toBeNull();
});

it('ships at least three templates that fit the schema over the defaults and draw every member', () => {
  expect(schema['x-templates'].length).toBeGreaterThanOrEqual(3);
  for (const { settings } of schema['x-templates']) {
    expect(() => checkSettings({ type: 'team-members', settings: { ...settingsDefaults(schema), ...settings } })).not.toThrow();
    document.body.replaceChildren();
    expect(draw(settings).shadow.querySelectorAll('.person')).toHaveLength(4);
  }
});
