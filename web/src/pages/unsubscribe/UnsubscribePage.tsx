// /unsubscribe?guid&email (spec 003 "Unsubscribe"): opts the address out of CRM email on
// arrival; loading, then success (greeting, confirmation, a dashboard button) or error.
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { unsubscribeAccountOptions } from '../../../../generated/client/@tanstack/react-query.gen';
import { AuthLayout } from '../../layouts/AuthLayout';
import { StatusPanel } from '../auth/StatusPanel';
import type { Status } from '../auth/StatusPanel';
import '../auth/auth-pages.css';
import './unsubscribe.css';

export const UNSUBSCRIBE_ERROR = 'There was an error processing your unsubscribe request. Please try again later.';

const TITLES: Record<Status, string> = { pending: 'Unsubscribing…', success: 'You are unsubscribed', error: 'Something went wrong' };

export default function UnsubscribePage() {
  const [search] = useSearchParams();
  const guid = search.get('guid') ?? '';
  const email = search.get('email') ?? '';
  const complete = Boolean(guid && email);
  // Acting once is enough (the call is idempotent): no retries, no refetch on focus.
  const { data, isError } = useQuery({ ...unsubscribeAccountOptions({ query: { guid, email } }), enabled: complete, retry: false, staleTime: Infinity });
  const status: Status = !complete || isError ? 'error' : data ? 'success' : 'pending';

  return (
    <AuthLayout title={TITLES[status]}>
      <StatusPanel status={status}>
        {status === 'pending' ? <p>Just a moment.</p> : null}
        {status === 'success' ? (
          <>
            <p>
              Hi <strong>{data?.data.email}</strong>,
            </p>
            <p>You have been unsubscribed from our marketing emails. You will still receive emails about your account, such as password resets.</p>
            <Link className="btn btn-primary unsubscribe__dashboard" to="/dashboard">
              Go to dashboard
            </Link>
          </>
        ) : null}
        {status === 'error' ? <p>{UNSUBSCRIBE_ERROR}</p> : null}
      </StatusPanel>
    </AuthLayout>
  );
}
