// One button per social provider configured on the server (GET /api/auth/providers).
import { useQuery } from '@tanstack/react-query';
import { getAuthProvidersOptions } from '../../../../generated/client/@tanstack/react-query.gen';
import { openSocialPopup } from './social-login';
import { ProviderLogo } from './ProviderLogo';

interface SocialButtonsProps {
  verb: 'Log in' | 'Sign up';
  redirectUrl?: string | null;
}

export function SocialButtons({ verb, redirectUrl }: SocialButtonsProps) {
  const { data } = useQuery({ ...getAuthProvidersOptions(), staleTime: Infinity });
  const providers = data?.data.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <>
      <div className="social-buttons">
        {providers.map((provider) => (
          <button
            key={provider.id}
            type="button"
            className="social-button"
            onClick={() => openSocialPopup({ loginPath: provider.loginPath, redirectUrl })}
          >
            <ProviderLogo id={provider.id} />
            {verb} with {provider.name}
          </button>
        ))}
      </div>
      <div className="auth-card__divider">or</div>
    </>
  );
}
