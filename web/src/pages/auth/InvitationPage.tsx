// Invitation approval (spec 003): /invitation/{token} for a widget, /project/invitation/{token}
// for a project. A visitor who is not signed in is sent to sign up (the login page is one click
// from there, carrying the query) and comes back here to approve.
import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
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
  const run = useCallback(async () => {
    try {
      return await callApi(client.post<{ 200: { message: string } }>({ url: target.url, path: { token } }));
    } catch (thrown) {
      if (toFormFailure(thrown).status === 401) void navigate(`/signup?redirectUrl=${encodeURIComponent(pathname)}`, { replace: true });
      throw thrown;
    }
  }, [target.url, token, navigate, pathname]);
  const { status, message } = useTokenAction({ run, next: target.next });

  return (
    <AuthLayout title={TITLES[status]}>
      <StatusPanel status={status} backToLogin="/login">
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
