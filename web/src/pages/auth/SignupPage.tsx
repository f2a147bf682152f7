// Signup (spec 003 "Signup"): email, full name, password with strength meter and the terms
// checkbox (ticked by default; submit disabled when not). Email signups see "Check your
// inbox" and move on after 5.5 s; social signups move on at once.
import { useState } from 'react';
import { Link } from 'react-router';
import { useRegisterUserMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import type { AccountRegisterBody, AccountSignedIn } from '../../../../generated/client/types.gen';
import { LazySchemaForm } from '../../../../forms/LazySchemaForm';
import { AuthLayout } from '../../layouts/AuthLayout';
import { SIGNUP_REDIRECT_MS, useGoOnWhenSignedIn } from './after-sign-in';
import { SocialButtons } from './SocialButtons';
import { useSignInPage } from './use-sign-in-page';
import { formSchema, termsTicked, withoutTerms } from './form-schema';
import type { Terms } from './form-schema';
import './auth-pages.css';
import { AccountRegisterBodySchema } from '../../../../generated/schemas/AccountRegisterBody';

type SignupForm = Pick<AccountRegisterBody, 'username' | 'fullName' | 'password'> & Terms;

const SIGNUP_FORM = formSchema({ entry: AccountRegisterBodySchema, omit: ['captchaToken', 'serviceName', 'redirectUrl', 'developer'], terms: true });

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
  const { variant, search, redirectUrl, email, captchaWidget, message, requestFields } = useSignInPage();
  const serviceName = search.get('serviceName');
  const register = useRegisterUserMutation();
  const [signedUp, setSignedUp] = useState<AccountSignedIn | null>(null);

  useGoOnWhenSignedIn({ signedIn: signedUp, delayMs: SIGNUP_REDIRECT_MS, isNew: true });

  const submit = async (form: SignupForm) => {
    const answer = await register.mutateAsync({
      body: { ...withoutTerms(form), ...requestFields, ...(serviceName ? { serviceName } : {}) },
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
          {captchaWidget}
          <LazySchemaForm<SignupForm>
            entry={AccountRegisterBodySchema}
            schema={SIGNUP_FORM}
            submitText="Create account"
            message={message}
            formData={{ terms: true, ...(email ? { username: email } : {}) }}
            canSubmit={termsTicked}
            onSubmit={submit}
          />
        </>
      )}
    </AuthLayout>
  );
}
