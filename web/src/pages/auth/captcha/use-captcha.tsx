// The captcha token the auth forms send. Without a configured provider the server takes
// any non-empty token, so a fixed one is used; with one, its widget is rendered.
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getAuthProvidersOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { loadCaptcha } from './providers';
import type { CaptchaProviderName } from './providers';

export const NO_CAPTCHA_TOKEN = 'captcha-off';

function CaptchaWidget({ provider, siteKey, onToken }: { provider: CaptchaProviderName; siteKey: string; onToken: (token: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    loadCaptcha(provider)
      .then((api) => api.render(element, { sitekey: siteKey, callback: onToken, 'expired-callback': () => onToken('') }))
      .catch((err: Error) => setError(err.message));
  }, [provider, siteKey, onToken]);
  return (
    <div className="captcha">
      <div ref={box} />
      {error ? <p className="auth-error">{error}</p> : null}
    </div>
  );
}

export function useCaptcha(): { token: string; widget: ReactNode } {
  const { data } = useQuery({ ...getAuthProvidersOptions(), staleTime: Infinity });
  const [token, setToken] = useState('');
  const captcha = data?.data.captcha;
  if (!captcha?.provider || !captcha.siteKey) return { token: NO_CAPTCHA_TOKEN, widget: null };
  return { token, widget: <CaptchaWidget provider={captcha.provider} siteKey={captcha.siteKey} onToken={setToken} /> };
}
