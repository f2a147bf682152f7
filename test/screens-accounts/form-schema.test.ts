// The auth forms' schemas: fields the page fills are gone (also from `required`), API
// descriptions are not shown to visitors, and the terms checkbox is added when asked.
import { AccountLoginBodySchema } from '../../generated/schemas/AccountLoginBody';
import { AccountRegisterBodySchema } from '../../generated/schemas/AccountRegisterBody';
import { formSchema, termsTicked, withoutTerms } from '../../web/src/pages/auth/form-schema';

describe('auth form schemas', () => {
  it('leaves out the fields the page fills and keeps the rest required', () => {
    const schema = formSchema({ entry: AccountLoginBodySchema, omit: ['captchaToken', 'redirectUrl', 'developer'] });
    expect(Object.keys(schema.properties as object)).toEqual(['username', 'password']);
    expect(schema.required).toEqual(['username', 'password']);
  });

  it('drops API descriptions but keeps the limits', () => {
    const schema = formSchema({ entry: AccountLoginBodySchema, omit: [] });
    const username = (schema.properties as Record<string, Record<string, unknown>>).username;
    expect(username.description).toBeUndefined();
    expect(username.minLength).toBe(4);
  });

  it.each([true, false])('adds a terms checkbox defaulting to %s', (checked) => {
    const schema = formSchema({ entry: AccountRegisterBodySchema, omit: ['captchaToken'], terms: checked });
    expect((schema.properties as Record<string, unknown>).terms).toEqual({ type: 'boolean', default: checked });
  });

  it('lets submit through only with the terms ticked, and never sends them', () => {
    expect([termsTicked({ terms: true }), termsTicked({ terms: false }), termsTicked({})]).toEqual([true, false, false]);
    expect(withoutTerms({ terms: true, username: 'ada@example.com' })).toEqual({ username: 'ada@example.com' });
  });
});
