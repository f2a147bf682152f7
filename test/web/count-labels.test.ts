// Every count label agrees in number with its count (issue 20 item 7): one helper, rules/plural.ts.
import { countOf, countText } from '../../rules/plural';
import { documentsResource } from '../../web/src/pages/developer/database/documents/documents-resource';
import { appUsers } from '../../web/src/pages/developer/users/resources';

describe('count labels', () => {
  it.each([
    [0, '0 Documents found'],
    [1, '1 Document found'],
    [2, '2 Documents found'],
    [1234, '1,234 Documents found'],
  ])('%d documents read "%s"', (count, label) => {
    expect(countText({ count, text: { one: '{n} Document found', other: '{n} Documents found' } })).toBe(label);
  });

  it.each([
    [1, 'field', undefined, '1 field'],
    [3, 'field', undefined, '3 fields'],
    [1, 'person', 'people', '1 person'],
    [2, 'person', 'people', '2 people'],
  ])('%d %s reads with its noun agreeing', (count, one, other, label) => {
    expect(countOf({ count, one, other })).toBe(label);
  });

  it.each([
    ['users', appUsers.texts.subtitle, '1 User found'],
    ['documents', documentsResource({ appId: 'a1', attributes: [] }).texts.subtitle, '1 Document found'],
  ])('gives the %s screen a singular subtitle', (_screen, subtitle, label) => {
    expect(subtitle && countText({ count: 1, text: subtitle })).toBe(label);
  });
});
