// The two-factor step of a login (spec 003 "Two-factor popup"): six boxes that submit
// themselves to POST /api/mfa/verify once full. Failure reads "Could not verify token.".
import { useEffect, useRef, useState } from 'react';
import { useVerifyMfaMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import type { AccountSignedIn } from '../../../../generated/client/types.gen';
import { toFormFailure } from '../../../../forms/server-errors';
import { CodeBoxes } from './CodeBoxes';

export const MFA_FAILED = 'Could not verify token.';

interface TwoFactorPopupProps {
  email: string;
  onSignedIn: (result: AccountSignedIn) => void;
  onClose: () => void;
}

export function TwoFactorPopup({ email, onSignedIn, onClose }: TwoFactorPopupProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const verify = useVerifyMfaMutation();
  const [error, setError] = useState('');

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const submit = (token: string): void => {
    setError('');
    verify.mutate(
      { body: { email, token } },
      {
        onSuccess: (answer) => onSignedIn(answer.data),
        onError: (thrown) => setError(toFormFailure(thrown).message || MFA_FAILED),
      },
    );
  };

  return (
    <dialog ref={dialog} className="mfa-dialog" aria-labelledby="mfa-title" onClose={onClose}>
      <h2 id="mfa-title">Two-factor authentication</h2>
      <p>Enter the 6-digit code from your authenticator app to finish signing in.</p>
      <CodeBoxes onComplete={submit} disabled={verify.isPending} error={error} />
      <div className="mfa-dialog__actions">
        {verify.isPending ? <span className="mfa-dialog__pending">Verifying…</span> : <span />}
        <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
