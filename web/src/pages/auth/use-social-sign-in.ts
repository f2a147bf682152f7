// Finishes a social sign-in when the popup reports back: asks the server who signed in
// and goes on like a password login would. Returns the popup's error, if any.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getSessionOptions } from '../../../../generated/client/@tanstack/react-query.gen';
import { useAuthVariant } from '../../layouts/auth-variant';
import { defaultDestination, safeDestination, useFinishSignIn } from './after-sign-in';
import { useSocialLoginMessages } from './social-login';

export function useSocialSignIn({ redirectUrl, delayMs }: { redirectUrl: string | null; delayMs: number }): string | undefined {
  const queryClient = useQueryClient();
  const { developer } = useAuthVariant();
  const finish = useFinishSignIn();
  const [error, setError] = useState<string>();

  useSocialLoginMessages((message) => {
    if (message.error) return setError(message.error);
    setError(undefined);
    void queryClient.fetchQuery({ ...getSessionOptions(), staleTime: 0 }).then((session) => {
      const fallback = defaultDestination({ developer, isDeveloper: session.data?.isDeveloper });
      finish({ to: safeDestination({ candidates: [message.redirectUrl, redirectUrl], fallback }), delayMs, isNew: message.isNew });
    });
  });
  return error;
}
