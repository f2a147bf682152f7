// What the Profile form shows and sends. The one "email updates" checkbox stands for both
// choices the account keeps: product updates (isSubscribe) and CRM email (subscribed, which
// the unsubscribe link turns off). It shows ticked only when both are on, and both are sent
// only when the user changes it, so saving a new name never re-subscribes anyone.
import type { AccountProfileBody, AccountUser } from '../../../../../generated/client/types.gen';

export type ProfileForm = Pick<AccountProfileBody, 'thumbnail' | 'fullName' | 'isSubscribe'>;

export const profileFormData = (user: AccountUser): ProfileForm => ({
  thumbnail: user.thumbnail ?? '',
  fullName: user.fullName,
  isSubscribe: user.isSubscribe && user.subscribed,
});

export function profileChanges({ initial, form }: { initial: ProfileForm; form: Partial<ProfileForm> }): AccountProfileBody {
  const emailChoice = form.isSubscribe === true;
  return {
    thumbnail: form.thumbnail ?? '',
    fullName: form.fullName ?? '',
    ...(emailChoice !== initial.isSubscribe ? { isSubscribe: emailChoice, subscribed: emailChoice } : {}),
  };
}
