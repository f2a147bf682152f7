// /feedback?token= (spec 003 "Cancellation feedback"): the link of the cancellation mail. Choose a
// reason, optionally comment, submit, then a thank-you. Without a token there is nothing to send.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSubmitCancellationFeedbackMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import type { CancellationFeedbackBody } from '../../../../generated/client/types.gen';
import { LazySchemaForm } from '../../../../forms/LazySchemaForm';
import { workspaceCatalogUiSchemas } from '../../../../forms/uiSchemas/workspace-catalog';
import { AuthLayout } from '../../layouts/AuthLayout';
import { StatusPanel } from '../auth/StatusPanel';
import '../auth/auth-pages.css';
import { CancellationFeedbackBodySchema } from '../../../../generated/schemas/CancellationFeedbackBody';

export const FEEDBACK_ERROR = 'Oops, something went wrong. Please try again.';

export default function FeedbackPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const send = useSubmitCancellationFeedbackMutation();
  const [done, setDone] = useState(false);

  const submit = async (body: CancellationFeedbackBody) => {
    const answer = await send.mutateAsync({ query: { token }, body });
    setDone(true);
    return answer;
  };

  if (!token) {
    return (
      <AuthLayout title="Cancellation feedback">
        <StatusPanel status="error">
          <p>{FEEDBACK_ERROR}</p>
          <Link to="/user/dashboard">Go to dashboard</Link>
        </StatusPanel>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={done ? 'Thank you!' : "We're sorry to see you go"}
      subtitle={done ? undefined : 'Tell us why you cancelled: it helps us make the product better.'}
    >
      {done ? (
        <StatusPanel status="success">
          <p>Thank you for your feedback! We read every answer.</p>
          <Link className="btn btn-primary" to="/user/dashboard">
            Go to dashboard
          </Link>
        </StatusPanel>
      ) : (
        <LazySchemaForm<CancellationFeedbackBody>
          entry={CancellationFeedbackBodySchema}
          uiSchema={workspaceCatalogUiSchemas.CancellationFeedbackBody}
          submitText="Send feedback"
          onSubmit={submit}
        />
      )}
    </AuthLayout>
  );
}
