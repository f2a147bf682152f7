// The Change Password tab: new password with strength meter and its confirmation ("Passwords
// do not match" inline). Accounts that have a password confirm it first; social-only
// accounts set their first one.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormValidation } from '@rjsf/utils';
import { useChangePasswordMutation } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { AccountChangePasswordBody, AccountUser } from '../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { formSchema } from '../../auth/form-schema';
import { AccountChangePasswordBodySchema } from '../../../../../generated/schemas/AccountChangePasswordBody';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

const WITH_CURRENT = formSchema({ entry: AccountChangePasswordBodySchema, omit: [] });
const WITHOUT_CURRENT = formSchema({ entry: AccountChangePasswordBodySchema, omit: ['currentPassword'] });
// The current password is required whenever the account has one (the API schema cannot say so).
const REQUIRED_CURRENT = { ...WITH_CURRENT, required: ['currentPassword', ...((WITH_CURRENT.required ?? []) as string[])] };

export function passwordsMatch(
  data: Partial<AccountChangePasswordBody> | undefined,
  errors: FormValidation<AccountChangePasswordBody>,
): FormValidation<AccountChangePasswordBody> {
  if (data?.passwordAgain && data.password !== data.passwordAgain) errors.passwordAgain?.addError(PASSWORDS_DO_NOT_MATCH);
  return errors;
}

export function ChangePasswordTab({ user }: { user: AccountUser }) {
  const queryClient = useQueryClient();
  const change = useChangePasswordMutation({ onSuccess: () => void queryClient.invalidateQueries() });
  // A new key empties the form after a change, so the passwords do not linger in the page.
  const [round, setRound] = useState(0);

  return (
    <div className="card">
      <h2>{user.hasPassword ? 'Change Password' : 'Set a password'}</h2>
      <p className="muted">
        {user.hasPassword
          ? 'Other devices signed in to your account will be signed out.'
          : 'You signed up with a social account. Set a password to also log in with your email.'}
      </p>
      <SchemaForm<AccountChangePasswordBody>
        key={round}
        entry={AccountChangePasswordBodySchema}
        schema={user.hasPassword ? REQUIRED_CURRENT : WITHOUT_CURRENT}
        customValidate={passwordsMatch}
        submitText={user.hasPassword ? 'Change password' : 'Set password'}
        toasts={{ pending: 'Saving…', success: 'Your password has been changed', error: 'Could not update password' }}
        onSubmit={async (body) => {
          const answer = await change.mutateAsync({ body });
          setRound((n) => n + 1);
          return answer;
        }}
      />
    </div>
  );
}
