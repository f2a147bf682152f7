// What the Profile form shows and sends: AccountProfileBody's `profile` part (x-ui.forms), filled
// from the account as read and sent as the form holds it. The one "email updates" checkbox stands
// for both choices the account keeps: product updates (isSubscribe) and CRM email (subscribed,
// which the unsubscribe link turns off). It shows ticked only when both are on, and both are sent
// only when the user changes it, so saving a new name never re-subscribes anyone.
import type { AccountProfileBody, AccountUser } from '../../../../../generated/client/types.gen';
import type { JsonSchema } from '../../../../../forms/schemas';
import { schemaOf } from '../../../../../forms/schemas';
import { formPartSchema } from '../../../../../forms/resource/form-parts';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { editedValues } from '../../../../../forms/resource/form-values';
import { AccountProfileBodySchema } from '../../../../../generated/schemas/AccountProfileBody';

export type ProfileForm = Omit<AccountProfileBody, 'subscribed'>;

export const profileSchema = (): JsonSchema => formPartSchema({ schema: schemaOf(AccountProfileBodySchema), part: 'profile' });

export const profileFormData = (user: AccountUser): ProfileForm => ({
  ...formValuesOf<ProfileForm>({ schema: profileSchema(), record: user }),
  isSubscribe: user.isSubscribe && user.subscribed,
});

export function profileChanges({ initial, form }: { initial: ProfileForm; form: Partial<ProfileForm> }): AccountProfileBody {
  const { isSubscribe, ...held } = editedValues({ schema: profileSchema(), initial, data: form });
  const emailChoice = isSubscribe === true;
  return { ...held, ...(emailChoice !== initial.isSubscribe ? { isSubscribe: emailChoice, subscribed: emailChoice } : {}) };
}
