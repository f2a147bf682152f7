// Signup (spec 003 "Signup"): email, full name, password with strength meter and the terms
// checkbox (ticked by default; submit disabled when not). Email signups see "Check your
// inbox" and move on after 5.5 s; social signups move on at once.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRegisterUserMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import type { AccountRegisterBody, AccountSignedIn } from '../../../../generated/client/types.gen';
import { AccountRegisterBodySchema } from '../../../../generated/client/schemas.gen';
import { SchemaForm } from '../../../../forms/SchemaForm';
import { AuthLayout } from '../../layouts/AuthLayout';
import { useAuthVariant } from '../../layouts/auth-variant';
import { LOGIN_REDIRECT_MS, SIGNUP_REDIRECT_MS, useGoOnWhenSignedIn } from './after-sign-in';
import { queryErrorMessage } from './auth-error';
import { useCaptcha } from './captcha/use-captcha';
import { SocialButtons } from './SocialButtons';
import { useSocialSignIn } from './use-social-sign-in';
import { formSchema, termsTicked, withoutTerms } from './form-schema';
import type { Terms } from './form-schema';
import './auth-pages.css';

type SignupForm = Pick<AccountRegisterBody, 'username' | 'fullName' | 'password'> & Terms;

const SIGNUP_FORM = formSchema({ schema: AccountRegisterBodySchema, omit: ['captchaToken', 'serviceName', 'redirectUrl', 'developer'], terms: true });

function CheckInbox({ email }: { email: string }) {
  return (
    <div className="inbox-state" role="status">
      <div className="inbox-state__icon" aria-hidden="true">
        ✉️
      </div>
      <p>
        We sent a confirmation link to <strong>{email}</strong>. Click it to confirm your email address. We&apos;ll take you to your
        account in a moment.
      </p>
    </div>
  );
}

export default function SignupPage() {
  const variant = useAuthVariant();
  const [search] = useSearchParams();
  const redirectUrl = search.get('redirectUrl');
  const serviceName = search.get('serviceName');
  const captcha = useCaptcha();
  const register = useRegisterUserMutation();
  const [signedUp, setSignedUp] = useState<AccountSignedIn | null>(null);
  const socialError = useSocialSignIn({ redirectUrl, delayMs: LOGIN_REDIRECT_MS });

  useGoOnWhenSignedIn({ signedIn: signedUp, delayMs: SIGNUP_REDIRECT_MS, isNew: true });

  const submit = async (form: SignupForm) => {
    const answer = await register.mutateAsync({
      body: {
        ...withoutTerms(form),
        captchaToken: captcha.token,
        developer: variant.developer,
        ...(redirectUrl ? { redirectUrl } : {}),
        ...(serviceName ? { serviceName } : {}),
      },
    });
    setSignedUp(answer.data);
    return answer;
  };

  return (
    <AuthLayout
      title={signedUp ? 'Check your inbox' : variant.developer ? 'Create your developer account' : 'Create your account'}
      subtitle={signedUp ? undefined : 'Start building widgets for your site in minutes. Free forever plan included.'}
      footer={
        signedUp ? undefined : (
          <>
            Already have an account? <Link to={variant.linkTo('login')}>Log in</Link>
          </>
        )
      }
    >
      {signedUp ? (
        <CheckInbox email={signedUp.user.email} />
      ) : (
        <>
          <SocialButtons verb="Sign up" redirectUrl={redirectUrl} />
          {captcha.widget}
          <SchemaForm<SignupForm>
            schemaName="AccountRegisterBody"
            schema={SIGNUP_FORM}
            submitText="Create account"
            message={socialError ?? queryErrorMessage(search)}
            formData={{ terms: true }}
            canSubmit={termsTicked}
            onSubmit={submit}
          />
        </>
      )}
    </AuthLayout>
  );
}
