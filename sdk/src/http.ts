// One call of the data API: the caller's Authorization, JSON in and out, the envelope unwrapped.
import { errorOf, NindoError } from './errors.ts';

/** Asked before every call; `expired` is true once, right after the server refused the last token it gave. */
export type TokenSource = (context: { expired: boolean }) => string | Promise<string>;

export type Auth = { appSecret: string } | { token: string | TokenSource };

export interface Transport {
  base: string;
  appId: string;
  authorization: (context?: { expired: boolean }) => Promise<string>;
  /** A token function can be asked for a fresh one; a fixed token or the app's secret cannot. */
  refreshable: boolean;
}

const toBase64 = (text: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

export function transportOf({ url, appId, auth }: { url: string; appId: string; auth: Auth }): Transport {
  if (!appId) throw new Error('createClient needs the appId');
  const base = `${url.replace(/\/+$/, '')}/api/v1/data/${encodeURIComponent(appId)}`;
  const authorization = async ({ expired }: { expired: boolean } = { expired: false }): Promise<string> => {
    if ('appSecret' in auth) return `Basic ${toBase64(`${appId}:${auth.appSecret}`)}`;
    // A function is asked on every call, so a refreshed token is used as soon as the app has it.
    const token = typeof auth.token === 'function' ? await auth.token({ expired }) : auth.token;
    return `Bearer ${token}`;
  };
  return { base, appId, authorization, refreshable: 'token' in auth && typeof auth.token === 'function' };
}

export interface Answer<T> {
  data: T;
  headers: Headers;
}

export async function call<T>({ transport, method, path, query, body, headers = {} }: { transport: Transport; method: string; path: string; query?: Record<string, string | number | undefined>; body?: unknown; headers?: Record<string, string> }): Promise<Answer<T>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const encoded = params.toString();
  const search = encoded ? `?${encoded}` : '';
  const send = async (expired: boolean): Promise<Response> =>
    fetch(`${transport.base}${path}${search}`, {
      method,
      headers: { Accept: 'application/json', Authorization: await transport.authorization({ expired }), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let response = await send(false);
  // A token refused as expired or revoked: the app's token function is asked once for a fresh one.
  if (response.status === 401 && transport.refreshable) {
    await response.body?.cancel();
    response = await send(true);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok) throw new NindoError({ status: response.status, message: 'The server answered something that is not JSON' });
  }
  if (!response.ok) throw errorOf({ status: response.status, body: parsed });
  return { data: (parsed as { data: T } | null)?.data as T, headers: response.headers };
}
