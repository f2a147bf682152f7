// Invitation approval (spec 003): /invitation/{token} for a widget, /project/invitation/{token}
// for a project. The approval endpoints belong to the collaborators issue; until they exist
// the server answers 404 and the page shows that message with "Back to Login Page".
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { client } from '../../api';
import { callApi } from '../../../../forms/call-api';
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
  const run = useCallback(() => callApi(client.post<{ 200: { message: string } }>({ url: target.url, path: { token } })), [target.url, token]);
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
