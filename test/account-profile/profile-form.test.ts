import { profileChanges, profileFormData } from '../../web/src/pages/dashboard/account/profile-form';
import { PASSWORDS_DO_NOT_MATCH, passwordsMatch } from '../../web/src/pages/dashboard/account/ChangePasswordTab';
import type { AccountChangePasswordBody, AccountUser } from '../../generated/client/types.gen';
import type { FormValidation } from '@rjsf/utils';

const user = (over: Partial<AccountUser>): AccountUser => ({
  id: 'u1',
  email: 'ann@example.com',
  fullName: 'Ann',
  isConfirmed: true,
  isSubscribe: true,
  subscribed: true,
  isDeveloper: false,
  mfaEnabled: false,
  hasPassword: true,
  created: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('the profile form', () => {
  it.each([
    ['both choices on', { isSubscribe: true, subscribed: true }, true],
    ['product updates off', { isSubscribe: false, subscribed: true }, false],
    ['unsubscribed through the CRM link', { isSubscribe: true, subscribed: false }, false],
  ])('shows the email updates box ticked only with %s', (_case, over, ticked) => {
    expect(profileFormData(user(over)).isSubscribe).toBe(ticked);
  });

  it('does not send the email choices when the box was not touched, so a name change never re-subscribes', () => {
    const initial = profileFormData(user({ subscribed: false }));
    expect(profileChanges({ initial, form: { ...initial, fullName: 'Ann Smith' } })).toEqual({ fullName: 'Ann Smith' });
  });

  it('sends an emptied picture as an empty string, which removes it', () => {
    const initial = profileFormData(user({ thumbnail: '/uploads/ann.png' }));
    expect(initial.thumbnail).toBe('/uploads/ann.png');
    expect(profileChanges({ initial, form: { fullName: 'Ann', isSubscribe: true } })).toEqual({ fullName: 'Ann', thumbnail: '' });
  });

  it.each([true, false])('sends both choices as %s when the box is changed to it', (value) => {
    const initial = profileFormData(user({ isSubscribe: !value, subscribed: !value }));
    expect(profileChanges({ initial, form: { ...initial, isSubscribe: value } })).toMatchObject({ isSubscribe: value, subscribed: value });
  });
});

describe('the change password form', () => {
  const validate = (data: Partial<AccountChangePasswordBody>): string[] => {
    const added: string[] = [];
    const errors = { passwordAgain: { addError: (message: string) => added.push(message) } } as unknown as FormValidation<AccountChangePasswordBody>;
    passwordsMatch(data, errors);
    return added;
  };

  it.each([
    ['different passwords', { password: 'one long phrase', passwordAgain: 'another phrase' }, [PASSWORDS_DO_NOT_MATCH]],
    ['equal passwords', { password: 'one long phrase', passwordAgain: 'one long phrase' }, []],
    ['an empty confirmation (left to "required")', { password: 'one long phrase' }, []],
  ])('says "Passwords do not match" only for %s', (_case, data, expected) => {
    expect(validate(data)).toEqual(expected);
  });
});
