// Invitation approval (spec 003): /invitation/{token} for a widget, /project/invitation/{token}
// for a project. A link works only for the account of the address it was mailed to: a visitor
// who is not signed in is sent to log in, or to sign up when that address has no account, with
// the address filled in, and comes back here to approve; another signed-in account sees the
// server's refusal, with "Back to Login Page" leading back here once signed in as the invitee.
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { InvitationEnvelope } from '../../../../generated/client/types.gen';
import { client } from '../../api';
import { callApi } from '../../../../forms/call-api';
import { toFormFailure } from '../../../../forms/server-errors';
import { AuthLayout } from '../../layouts/AuthLayout';
import { StatusPanel } from './StatusPanel';
import { useTokenAction } from './use-token-action';
import './auth-pages.css';

type InvitationType = 'component' | 'project';

const TARGETS: Record<InvitationType, { url: string; next: string; what: string }> = {
  component: { url: '/api/user/invitationApproval/{token}', next: '/user/dashboard/shared-widgets', what: 'widget' },
  project: { url: '/api/project/invitationApproval/{token}', next: '/user/dashboard/shared-projects', what: 'project' },
};

const TITLES = { pending: 'Accepting your invitation…', success: 'Invitation accepted', error: 'We could not accept this invitation' };

function Invitation({ type }: { type: InvitationType }) {
  const { token = '' } = useParams();
  const target = TARGETS[type];
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [backToLogin, setBackToLogin] = useState('/login');
  const run = useCallback(async () => {
    try {
      return await callApi(client.post<{ 200: { message: string } }>({ url: target.url, path: { token } }));
    } catch (thrown) {
      const { status: answered } = toFormFailure(thrown);
      if (answered === 403) setBackToLogin(`/login?${new URLSearchParams({ redirectUrl: pathname })}`);
      if (answered !== 401) throw thrown;
      // Signed out: whom the link invites decides between log in and sign up (an invalid link throws here and shows why).
      const invited = await callApi(client.get<{ 200: InvitationEnvelope }>({ url: target.url, path: { token } }));
      const page = invited.data.hasAccount ? 'login' : 'signup';
      void navigate(`/${page}?${new URLSearchParams({ redirectUrl: pathname, email: invited.data.email })}`, { replace: true });
      throw thrown;
    }
  }, [target.url, token, navigate, pathname]);
  const { status, message } = useTokenAction({ run, next: target.next });

  return (
    <AuthLayout title={TITLES[status]}>
      <StatusPanel status={status} backToLogin={backToLogin}>
        {status === 'pending' ? <p>Just a moment.</p> : null}
        {status === 'success' ? <p>{message || `You now have access to the shared ${target.what}.`} Taking you there…</p> : null}
        {status === 'error' ? <p>{message}</p> : null}
      </StatusPanel>
    </AuthLayout>
  );
}

export function WidgetInvitationPage() {
  return <Invitation type="component" />;
}

export function ProjectInvitationPage() {
  return <Invitation type="project" />;
}
