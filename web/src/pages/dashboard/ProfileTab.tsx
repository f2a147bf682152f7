// The Profile tab: who the account is and whether its email is confirmed, with a way to
// get the confirmation mail again. Editing arrives with POST /api/user (a later issue).
import { toast } from 'sonner';
import { useResendEmailConfirmationMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import type { AccountUser } from '../../../../generated/client/types.gen';
import { toFormFailure } from '../../../../forms/server-errors';

export function ProfileTab({ user }: { user: AccountUser }) {
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
    <div className="card">
      <div className="profile-row">
        <span className="profile-row__avatar" aria-hidden="true">
          {user.thumbnail ? <img src={user.thumbnail} alt="" /> : (user.fullName || user.email).charAt(0).toUpperCase()}
        </span>
        <div>
          <h2>{user.fullName}</h2>
          <span className="muted">{user.email}</span>
          {user.isConfirmed ? <span className="badge-pill badge-pill--ok">Confirmed</span> : <span className="badge-pill badge-pill--warn">Not confirmed</span>}
        </div>
      </div>
      {user.isConfirmed ? null : (
        <p>
          Didn&apos;t get the confirmation email?{' '}
          <button type="button" className="btn btn-secondary btn-sm" onClick={resendMail} disabled={resend.isPending}>
            Send it again
          </button>
        </p>
      )}
      <dl>
        <dt>Email updates</dt>
        <dd>{user.isSubscribe ? 'On' : 'Off'}</dd>
        <dt>Member since</dt>
        <dd>{new Date(user.created).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })}</dd>
      </dl>
    </div>
  );
}
