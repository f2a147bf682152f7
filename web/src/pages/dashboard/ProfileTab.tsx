// The Profile tab (spec 003 "Account"): thumbnail, full name, the read-only email with its
// Confirmed / Not confirmed badge, the email updates checkbox, and Delete account.
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useResendEmailConfirmationMutation, useUpdateAccountMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import type { AccountProfileBody, AccountUser } from '../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../forms/SchemaForm';
import { toFormFailure } from '../../../../forms/server-errors';
import { DeleteAccount } from './account/DeleteAccount';
import { profileChanges, profileFormData, profileSchema } from './account/profile-form';
import type { ProfileForm } from './account/profile-form';
import { AccountProfileBodySchema } from '../../../../generated/schemas/AccountProfileBody';

const PROFILE_FORM = profileSchema();

function EmailRow({ user }: { user: AccountUser }) {
  const resend = useResendEmailConfirmationMutation();
  const resendMail = (): void =>
    resend.mutate(
      {},
      {
        onSuccess: (answer) => toast.success(answer.message || `We sent a new confirmation link to ${user.email}.`),
        onError: (thrown) => toast.error(toFormFailure(thrown).message),
      },
    );
  return (
    <div className="account-email">
      <label htmlFor="account-email">Email</label>
      <div className="account-email__value">
        <input id="account-email" type="email" value={user.email} readOnly aria-readonly="true" />
        {user.isConfirmed ? <span className="badge-pill badge-pill--ok">Confirmed</span> : <span className="badge-pill badge-pill--warn">Not confirmed</span>}
      </div>
      {user.isConfirmed ? null : (
        <p className="muted">
          Didn&apos;t get the confirmation email?{' '}
          <button type="button" className="btn btn-secondary btn-sm" onClick={resendMail} disabled={resend.isPending}>
            Send it again
          </button>
        </p>
      )}
    </div>
  );
}

export function ProfileTab({ user }: { user: AccountUser }) {
  const queryClient = useQueryClient();
  const update = useUpdateAccountMutation({ onSuccess: () => void queryClient.invalidateQueries() });
  const initial = profileFormData(user);

  return (
    <>
      <div className="card">
        <h2>Profile</h2>
        <EmailRow user={user} />
        <SchemaForm<ProfileForm>
          key={user.email}
          entry={AccountProfileBodySchema}
          schema={PROFILE_FORM}
          formData={initial}
          submitText="Save"
          toasts={{ pending: 'Saving…', success: 'Account details updated', error: 'Could not update account details' }}
          onSubmit={(form) => update.mutateAsync({ body: profileChanges({ initial, form }) satisfies AccountProfileBody })}
        />
      </div>
      <DeleteAccount />
    </>
  );
}
