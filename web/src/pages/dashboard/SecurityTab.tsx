// Two-factor authentication (TOTP): setup shows a QR code and the secret, a first code
// turns it on; turning it off needs the password or a current code.
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  useDisableMfaMutation,
  useEnableMfaMutation,
  useSetupMfaMutation,
} from '../../../../generated/client/@tanstack/react-query.gen';
import type { AccountMfaCodeBody, AccountMfaDisableBody, AccountUser } from '../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../forms/SchemaForm';
import { toFormFailure } from '../../../../forms/server-errors';
import { formSchema } from '../auth/form-schema';
import { AccountMfaCodeBodySchema } from '../../../../generated/schemas/AccountMfaCodeBody';
import { AccountMfaDisableBodySchema } from '../../../../generated/schemas/AccountMfaDisableBody';

// Accounts without a password (social sign-up) prove presence with a code only.
const WITH_PASSWORD = formSchema({ entry: AccountMfaDisableBodySchema, omit: [] });
const CODE_ONLY = formSchema({ entry: AccountMfaDisableBodySchema, omit: ['password'] });

function TurnOff({ user, onDone }: { user: AccountUser; onDone: () => void }) {
  const disable = useDisableMfaMutation();
  return (
    <>
      <p className="muted">
        {user.hasPassword ? 'To turn it off, confirm with your password or a code from your authenticator app.' : 'To turn it off, enter a code from your authenticator app.'}
      </p>
      <SchemaForm<AccountMfaDisableBody>
        entry={AccountMfaDisableBodySchema}
        schema={user.hasPassword ? WITH_PASSWORD : CODE_ONLY}
        submitText="Turn off two-factor"
        toasts={{ pending: 'Turning off two-factor…', success: 'Two-factor authentication is off' }}
        onSubmit={async (body) => {
          const answer = await disable.mutateAsync({ body });
          onDone();
          return answer;
        }}
      />
    </>
  );
}

function TurnOn({ onDone }: { onDone: () => void }) {
  const setup = useSetupMfaMutation();
  const enable = useEnableMfaMutation();
  const start = (): void => setup.mutate({}, { onError: (thrown) => toast.error(toFormFailure(thrown).message) });

  if (!setup.data) {
    return (
      <>
        <p className="muted">Protect your account with a six-digit code from an authenticator app (Google Authenticator, 1Password, Authy…) at every login.</p>
        <div>
          <button type="button" className="btn btn-primary" onClick={start} disabled={setup.isPending}>
            Set up two-factor
          </button>
        </div>
      </>
    );
  }
  const { qrCodeDataUrl, secret } = setup.data.data;
  return (
    <div className="mfa-setup">
      <img src={qrCodeDataUrl} alt="QR code for your authenticator app" />
      <div>
        <ol>
          <li>Scan the QR code with your authenticator app.</li>
          <li>
            Or enter this key by hand: <code data-testid="mfa-secret">{secret}</code>
          </li>
          <li>Type the six-digit code the app shows.</li>
        </ol>
        <SchemaForm<AccountMfaCodeBody>
          entry={AccountMfaCodeBodySchema}
          submitText="Turn on two-factor"
          toasts={{ pending: 'Checking the code…', success: 'Two-factor authentication is on' }}
          onSubmit={async (body) => {
            const answer = await enable.mutateAsync({ body });
            onDone();
            return answer;
          }}
        />
      </div>
    </div>
  );
}

export function SecurityTab({ user }: { user: AccountUser }) {
  const queryClient = useQueryClient();
  const refresh = (): void => void queryClient.invalidateQueries();
  return (
    <div className="card">
      <h2>
        Two-factor authentication
        {user.mfaEnabled ? <span className="badge-pill badge-pill--ok">On</span> : <span className="badge-pill badge-pill--warn">Off</span>}
      </h2>
      {user.mfaEnabled ? <TurnOff user={user} onDone={refresh} /> : <TurnOn onDone={refresh} />}
    </div>
  );
}
