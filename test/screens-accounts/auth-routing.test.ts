// The pure rules behind the auth screens: variants and carried-over search strings,
// destinations after sign-in, the error query value, and the popup's message.
import { authVariantOf } from '../../web/src/layouts/auth-variant';
import { defaultDestination, safeDestination } from '../../web/src/pages/auth/after-sign-in';
import { queryErrorMessage } from '../../web/src/pages/auth/auth-error';
import { POST_SOCIAL_LOGIN, socialLoginMessage } from '../../web/src/pages/auth/social-login';
import { loginPathFor } from '../../web/src/layouts/RequireSession';

describe('auth page variants', () => {
  it.each([
    ['/login', false, false, '/signup?redirectUrl=%2Fx'],
    ['/developer/login', false, true, '/developer/signup?redirectUrl=%2Fx'],
    ['/embed/signup', true, false, '/embed/signup?redirectUrl=%2Fx'],
    ['/embed/developer/forgot', true, true, '/embed/developer/signup?redirectUrl=%2Fx'],
    ['/developer/join', false, true, '/developer/signup?redirectUrl=%2Fx'],
  ])('reads %s as embed=%s developer=%s and links to signup as %s', (pathname, embed, developer, signupLink) => {
    const variant = authVariantOf({ pathname, search: '?redirectUrl=%2Fx' });
    expect({ embed: variant.embed, developer: variant.developer, link: variant.linkTo('signup') }).toEqual({ embed, developer, link: signupLink });
  });
});

describe('destination after sign-in', () => {
  it.each([
    [false, undefined, '/dashboard'],
    [false, true, '/dashboard'],
    [true, true, '/developer/apps'],
    [true, false, '/developer/join'],
    [true, undefined, '/developer/apps'],
  ])('developer page=%s, isDeveloper=%s goes to %s by default', (developer, isDeveloper, expected) => {
    expect(defaultDestination({ developer, isDeveloper })).toBe(expected);
  });

  it.each([
    [['https://evil.example/steal', '/user/dashboard/account'], '/user/dashboard/account'],
    [['//evil.example', null], '/dashboard'],
    [['/\\evil.example', undefined], '/dashboard'],
    [[null, '/developer/apps/42'], '/developer/apps/42'],
  ])('follows only a same-origin path among %j', (candidates, expected) => {
    expect(safeDestination({ candidates, fallback: '/dashboard' })).toBe(expected);
  });

  it('sends signed-out visitors to login with the page they wanted as redirectUrl', () => {
    expect(loginPathFor({ loginPath: '/login', pathname: '/user/dashboard/account', search: '?tab=security' })).toBe(
      '/login?redirectUrl=%2Fuser%2Fdashboard%2Faccount%3Ftab%3Dsecurity',
    );
  });
});

describe('error query value', () => {
  it('turns underscores into spaces', () => {
    expect(queryErrorMessage(new URLSearchParams('error=Your_session_has_expired'))).toBe('Your session has expired');
  });

  it('is absent without an error value', () => {
    expect(queryErrorMessage(new URLSearchParams('redirectUrl=%2F'))).toBeUndefined();
  });
});

describe('post-social-login message', () => {
  it('carries isNew and a safe redirectUrl on success', () => {
    expect(socialLoginMessage(new URLSearchParams('isNew=true&provider=google&redirectUrl=%2Fuser%2Fdashboard'))).toEqual({
      type: POST_SOCIAL_LOGIN,
      isNew: true,
      redirectUrl: '/user/dashboard',
    });
  });

  it('carries the readable error and drops an unsafe redirectUrl', () => {
    expect(socialLoginMessage(new URLSearchParams('error=Access_denied&redirectUrl=https%3A%2F%2Fevil.example'))).toEqual({
      type: POST_SOCIAL_LOGIN,
      error: 'Access denied',
    });
  });
});
