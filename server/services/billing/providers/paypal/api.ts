// PayPal's REST API as the adapter calls it: an OAuth2 client-credentials token (cached until
// shortly before it expires), JSON calls with PayPal-Request-Id as the idempotency key, and its
// error bodies ({ name, message, details: [{ issue, description }] }) kept for the adapter to read.

export interface PayPalCredentials {
  clientId: string;
  clientSecret: string;
  apiBase: string;
}

export interface PayPalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
}

/** A refusal by PayPal; `status` 4xx other than 429 will be refused again. */
export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: PayPalErrorBody,
  ) {
    super(body.details?.[0]?.description ?? body.message ?? `PayPal answered ${status}`);
    this.name = 'PayPalApiError';
  }

  get issue(): string {
    return this.body.details?.[0]?.issue ?? this.body.name ?? 'UNKNOWN';
  }
}

const TIMEOUT_MS = 20_000;
/** Renew a minute early, so a token never expires between our check and PayPal's. */
const EARLY_RENEWAL_MS = 60_000;
const tokens = new Map<string, { accessToken: string; expiresAt: number }>();

async function accessToken({ clientId, clientSecret, apiBase }: PayPalCredentials): Promise<string> {
  const key = `${apiBase} ${clientId}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.accessToken;
  const response = await fetch(`${apiBase}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error_description?: string };
  if (!response.ok || !body.access_token) throw new PayPalApiError(response.status, { name: 'AUTHENTICATION_FAILURE', message: body.error_description });
  tokens.set(key, { accessToken: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 0) * 1000 - EARLY_RENEWAL_MS });
  return body.access_token;
}

export async function paypalCall<T>({
  credentials,
  method,
  path,
  body,
  requestId,
}: {
  credentials: PayPalCredentials;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  requestId?: string;
}): Promise<T> {
  const response = await fetch(`${credentials.apiBase}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await accessToken(credentials)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
      Prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.status === 401) tokens.delete(`${credentials.apiBase} ${credentials.clientId}`);
  const parsed = (await response.json().catch(() => ({}))) as unknown;
  if (!response.ok) throw new PayPalApiError(response.status, parsed as PayPalErrorBody);
  return parsed as T;
}
