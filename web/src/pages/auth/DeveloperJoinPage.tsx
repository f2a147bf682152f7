// /developer/join (spec 003 "Developer signup page"): a signed-in user accepts the developer
// terms and applies; "You're good to go!" and then /developer/apps after 2 s.
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getDeveloperSignupOptions, useSignupDeveloperMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import { LazySchemaForm } from '../../../../forms/LazySchemaForm';
import { AuthLayout } from '../../layouts/AuthLayout';
import { RequireSession } from '../../layouts/RequireSession';
import { useBrand } from '../../layouts/use-brand';
import { useCaptcha } from './captcha/use-captcha';
import { StatusPanel } from './StatusPanel';
import { formSchema, termsTicked } from './form-schema';
import type { Terms } from './form-schema';
import './auth-pages.css';
import { AccountDeveloperSignupBodySchema } from '../../../../generated/schemas/AccountDeveloperSignupBody';

export const DEVELOPER_SIGNUP_REDIRECT_MS = 2000;
const APPS = '/developer/apps';
const JOIN_FORM = formSchema({ entry: AccountDeveloperSignupBodySchema, omit: ['captchaToken'], terms: false });

function JoinForm() {
  const brand = useBrand();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const captcha = useCaptcha();
  const status = useQuery(getDeveloperSignupOptions());
  const signup = useSignupDeveloperMutation();
  const [joined, setJoined] = useState('');

  useEffect(() => {
    if (!joined) return;
    const timer = window.setTimeout(() => void navigate(APPS, { replace: true }), DEVELOPER_SIGNUP_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [joined, navigate]);

  const submit = async () => {
    const answer = await signup.mutateAsync({ body: { captchaToken: captcha.token } });
    void queryClient.invalidateQueries();
    setJoined(answer.message || "You're good to go!");
    return answer;
  };

  if (status.data?.data.isDeveloper && !joined) return <Navigate to={APPS} replace />;
  return (
    <AuthLayout
      title={`Join the ${brand} Developer Platform`}
      subtitle={joined ? undefined : 'Build apps for thousands of websites, get paid for every subscription, and reach site owners through the marketplace.'}
    >
      {joined ? (
        <StatusPanel status="success">
          <h2>{joined}</h2>
          <p>Taking you to your apps…</p>
        </StatusPanel>
      ) : (
        <>
          {captcha.widget}
          <LazySchemaForm<Terms>
            entry={AccountDeveloperSignupBodySchema}
            schema={JOIN_FORM}
            formData={{ terms: false }}
            canSubmit={termsTicked}
            submitText="Apply Now!"
            onSubmit={submit}
          />
        </>
      )}
    </AuthLayout>
  );
}

export default function DeveloperJoinPage() {
  return <RequireSession loginPath="/developer/login">{() => <JoinForm />}</RequireSession>;
}
