// Reset password (spec 003 "Forgot and reset"): a new password, the token from the route.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useResetPasswordMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import type { AccountResetPasswordBody } from '../../../../generated/client/types.gen';
import { LazySchemaForm } from '../../../../forms/LazySchemaForm';
import { AuthLayout } from '../../layouts/AuthLayout';
import { useCaptcha } from './captcha/use-captcha';
import { StatusPanel } from './StatusPanel';
import { formSchema } from './form-schema';
import './auth-pages.css';
import { AccountResetPasswordBodySchema } from '../../../../generated/schemas/AccountResetPasswordBody';

type ResetForm = Pick<AccountResetPasswordBody, 'password'>;

const RESET_FORM = formSchema({ entry: AccountResetPasswordBodySchema, omit: ['captchaToken', 'token'] });

export default function ResetPage() {
  const { token = '' } = useParams();
  const captcha = useCaptcha();
  const reset = useResetPasswordMutation();
  const [done, setDone] = useState(false);

  const submit = async (form: ResetForm) => {
    const answer = await reset.mutateAsync({ body: { ...form, token, captchaToken: captcha.token } });
    setDone(true);
    return answer;
  };

  return (
    <AuthLayout title={done ? 'Password changed' : 'Choose a new password'} subtitle={done ? undefined : 'Pick a strong password you don’t use anywhere else.'}>
      {done ? (
        <StatusPanel status="success">
          <p>Your password has been changed. Log in with your new password.</p>
          <Link className="btn btn-primary" to="/login">
            Log in
          </Link>
        </StatusPanel>
      ) : (
        <>
          {captcha.widget}
          <LazySchemaForm<ResetForm> entry={AccountResetPasswordBodySchema} schema={RESET_FORM} submitText="Change password" onSubmit={submit}>
            <Link className="auth-card__aside-link" to="/forgot">
              Need a new link?
            </Link>
          </LazySchemaForm>
        </>
      )}
    </AuthLayout>
  );
}
