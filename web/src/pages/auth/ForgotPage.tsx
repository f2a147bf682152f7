// Forgot password (spec 003 "Forgot and reset"): asks for the email. The server answers
// the same whether or not an account exists, and so does this page.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForgotPasswordMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import type { AccountForgotPasswordBody } from '../../../../generated/client/types.gen';
import { LazySchemaForm } from '../../../../forms/LazySchemaForm';
import { AuthLayout } from '../../layouts/AuthLayout';
import { useAuthVariant } from '../../layouts/auth-variant';
import { queryErrorMessage } from './auth-error';
import { useCaptcha } from './captcha/use-captcha';
import { formSchema } from './form-schema';
import './auth-pages.css';
import { AccountForgotPasswordBodySchema } from '../../../../generated/schemas/AccountForgotPasswordBody';

type ForgotForm = Pick<AccountForgotPasswordBody, 'email'>;

const FORGOT_FORM = formSchema({ entry: AccountForgotPasswordBodySchema, omit: ['captchaToken'] });

export default function ForgotPage() {
  const variant = useAuthVariant();
  const [search] = useSearchParams();
  const captcha = useCaptcha();
  const forgot = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);

  const submit = async (form: ForgotForm) => {
    const answer = await forgot.mutateAsync({ body: { ...form, captchaToken: captcha.token } });
    setSentTo({ email: form.email, message: answer.message });
    return answer;
  };

  return (
    <AuthLayout
      title={sentTo ? 'Check your inbox' : 'Forgot your password?'}
      subtitle={sentTo ? undefined : "Enter your account's email and we'll send you a link to reset your password."}
      footer={
        <>
          Remembered it? <Link to={variant.linkTo('login')}>Back to login</Link>
        </>
      }
    >
      {sentTo ? (
        <div className="inbox-state" role="status">
          <div className="inbox-state__icon" aria-hidden="true">
            ✉️
          </div>
          <p>{sentTo.message || `If an account exists for ${sentTo.email}, a reset link is on its way.`}</p>
        </div>
      ) : (
        <>
          {captcha.widget}
          <LazySchemaForm<ForgotForm>
            entry={AccountForgotPasswordBodySchema}
            schema={FORGOT_FORM}
            submitText="Send reset link"
            message={queryErrorMessage(search)}
            onSubmit={submit}
          />
        </>
      )}
    </AuthLayout>
  );
}
