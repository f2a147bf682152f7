// /embed/auth-success: embedded login and signup end here; it tells the parent frame that
// the visitor is signed in (spec 003: "An embedded auth-success page posts a success message").
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../layouts/AuthLayout';
import { postAuthSuccess } from '../../layouts/embed-frame';
import { StatusPanel } from './StatusPanel';
import './auth-pages.css';

export default function EmbedAuthSuccessPage() {
  const [search] = useSearchParams();
  const isNew = search.get('isNew') === 'true';
  const developer = search.get('developer') === 'true';

  useEffect(() => postAuthSuccess({ isNew, developer }), [isNew, developer]);

  return (
    <AuthLayout title="You're signed in">
      <StatusPanel status="success">
        <p>You can continue in the window behind this one.</p>
      </StatusPanel>
    </AuthLayout>
  );
}
