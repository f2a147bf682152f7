// Login (spec 003 "Login"): email and password, social buttons, the two-factor popup
// when the account needs it, then the destination 100 ms later.
import { useState } from 'react';
import { Link } from 'react-router';
import { useLoginUserMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import type { AccountLoginBody, AccountSignedIn } from '../../../../generated/client/types.gen';
import { LazySchemaForm } from '../../../../forms/LazySchemaForm';
import { AuthLayout } from '../../layouts/AuthLayout';
import { LOGIN_REDIRECT_MS, useGoOnWhenSignedIn } from './after-sign-in';
import { SocialButtons } from './SocialButtons';
import { TwoFactorPopup } from './TwoFactorPopup';
import { useSignInPage } from './use-sign-in-page';
import { formSchema } from './form-schema';
import './auth-pages.css';
import { AccountLoginBodySchema } from '../../../../generated/schemas/AccountLoginBody';

type LoginForm = Pick<AccountLoginBody, 'username' | 'password'>;

const LOGIN_FORM = formSchema({ entry: AccountLoginBodySchema, omit: ['captchaToken', 'redirectUrl', 'developer'] });

export default function LoginPage() {
  const { variant, redirectUrl, email, captchaWidget, message, requestFields } = useSignInPage();
  const login = useLoginUserMutation();
  const [mfaEmail, setMfaEmail] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState<AccountSignedIn | null>(null);

  useGoOnWhenSignedIn({ signedIn, delayMs: LOGIN_REDIRECT_MS });

  const submit = async (form: LoginForm) => {
    const answer = await login.mutateAsync({ body: { ...form, ...requestFields } });
    if (answer.data.mfaRequired) setMfaEmail(answer.data.email);
    else setSignedIn(answer.data);
    return answer;
  };

  return (
    <AuthLayout
      title={variant.developer ? 'Log in to the developer platform' : 'Welcome back'}
      subtitle="Log in to your account to continue."
      footer={
        <>
          Don&apos;t have an account? <Link to={variant.linkTo('signup')}>Sign up</Link>
        </>
      }
    >
      <SocialButtons verb="Log in" redirectUrl={redirectUrl} />
      {captchaWidget}
      <LazySchemaForm<LoginForm>
        entry={AccountLoginBodySchema}
        schema={LOGIN_FORM}
        submitText="Log in"
        message={message}
        formData={email ? { username: email } : undefined}
        disabled={signedIn !== null}
        onSubmit={submit}
      >
        <Link className="auth-card__aside-link" to={variant.linkTo('forgot')}>
          Forgot password?
        </Link>
      </LazySchemaForm>
      {mfaEmail ? <TwoFactorPopup email={mfaEmail} onSignedIn={setSignedIn} onClose={() => setMfaEmail(null)} /> : null}
    </AuthLayout>
  );
}
