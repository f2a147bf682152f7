// The WWW-Authenticate challenge of the data API's 401s (RFC 9110 11.6.1): both schemes it takes,
// HTTP Basic (the app's ID and Secret) and Bearer (an app user's token), whatever the collection.
// Which collections take tokens is the collection's rule, and telling it to a caller without
// credentials would tell which collection names exist. A refused token gets RFC 6750's error.
import type { AppContext } from '../../../context';
import { UnauthorizedError } from '../../../http/errors';

/** A quoted-string (RFC 9110 5.6.4): backslash and double quote escaped. */
const quoted = (text: string): string => `"${text.replace(/["\\]/g, '\\$&')}"`;

export function dataApiChallenge({ ctx, appId, invalidToken = false }: { ctx: AppContext; appId: string; invalidToken?: boolean }): string {
  const realm = quoted(`${ctx.config.brand} data API of app ${appId}`);
  return `Basic realm=${realm}, charset="UTF-8", Bearer realm=${realm}${invalidToken ? ', error="invalid_token"' : ''}`;
}

/** Runs `work`, giving a 401 it throws the data API's challenge. */
export async function challengedOn401<T>({ ctx, appId, authorization = '' }: { ctx: AppContext; appId: string; authorization?: string }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof UnauthorizedError) || err.challenge) throw err;
    throw new UnauthorizedError(err.message, dataApiChallenge({ ctx, appId, invalidToken: /^Bearer\s/i.test(authorization) }));
  }
}
