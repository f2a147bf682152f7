// A local PayPal REST API for the paypal billing adapter's tests: a real HTTP server on 127.0.0.1
// with the calls the adapter makes, shaped after PayPal's published reference: OAuth2 client
// credentials (Basic auth -> Bearer token), Payment Method Tokens v3 (setup tokens the buyer
// approves, payment tokens), Orders v2 paid from a vault_id (completed at once), captures, and
// webhook signature verification. PayPal-Request-Id replays the first answer. Error bodies are
// PayPal's { name, message, debug_id, details: [{ issue, description }] }. The approve link is a
// page for the browser (e2e): Agree approves and goes to the setup token's return_url with
// approval_token_id, Cancel to its cancel_url, as PayPal's buyer pages do.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the buyer's PayPal account does when charged (set when they approve). */
export type PayPalFunding = 'ok' | 'declined' | 'declined_renewals';

interface SetupToken {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'VAULTED';
  customer: { id: string; merchant_customer_id?: string };
  funding: PayPalFunding;
  returnUrl?: string;
  cancelUrl?: string;
}
interface PaymentToken {
  id: string;
  customer: { id: string; merchant_customer_id?: string };
  funding: PayPalFunding;
  charges: number;
}
interface Capture {
  id: string;
  status: 'COMPLETED';
  amount: { currency_code: string; value: string };
  final_capture: boolean;
  create_time: string;
}
interface Answer {
  status: number;
  body?: unknown;
}

export interface PayPalFake {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** The buyer approves a setup token on PayPal's page (the button's popup). */
  approve: (input: { setupTokenId: string; funding?: PayPalFunding }) => void;
  /** Headers PayPal would send with `event`, signed so verify-webhook-signature answers SUCCESS. */
  signedHeaders: (event: object) => Record<string, string>;
  /** "METHOD /path" of every request, in order. */
  sent: () => string[];
  /** PayPal-Request-Id of every request that had one, in order. */
  requestIds: () => string[];
  close: () => Promise<void>;
}

const id = (prefix: string): string => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;
const problem = (status: number, name: string, issue: string, description: string): Answer => ({
  status,
  body: { name, message: description, debug_id: randomBytes(6).toString('hex'), details: [{ issue, description }] },
});
const UNAUTHORIZED: Answer = { status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.' } };
const notFound = (): Answer => problem(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const signatureOf = ({ secret, transmissionId, time, webhookId, event }: { secret: string; transmissionId: string; time: string; webhookId: string; event: unknown }): string =>
  createHmac('sha256', secret).update(`${transmissionId}|${time}|${webhookId}|${JSON.stringify(event)}`).digest('base64');

export async function startPayPalFake(): Promise<PayPalFake> {
  const clientId = `client-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const webhookId = id('WH-');
  const signingSecret = randomBytes(16).toString('hex');
  const accessTokens = new Set<string>();
  const setupTokens = new Map<string, SetupToken>();
  const paymentTokens = new Map<string, PaymentToken>();
  const captures = new Map<string, Capture>();
  const replays = new Map<string, Answer>();
  const log: { line: string; requestId?: string }[] = [];

  function oauth(req: IncomingMessage, body: string): Answer {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    accessTokens.add(token);
    return { status: 200, body: { scope: 'https://uri.paypal.com/services/vault/payment-tokens/readwrite', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: 32400, nonce: randomBytes(8).toString('hex') } };
  }

  function createSetupToken(input: { customer?: { merchant_customer_id?: string }; payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } } }, base: string): Answer {
    const context = input.payment_source?.paypal?.experience_context;
    const token: SetupToken = { id: id('5C'), status: 'PAYER_ACTION_REQUIRED', customer: { id: id('CUST'), merchant_customer_id: input.customer?.merchant_customer_id }, funding: 'ok', returnUrl: context?.return_url, cancelUrl: context?.cancel_url };
    setupTokens.set(token.id, token);
    return {
      status: 201,
      body: {
        id: token.id,
        customer: token.customer,
        status: token.status,
        payment_source: { paypal: {} },
        links: [
          { href: `${base}/agreements/approve?approval_session_id=${token.id}`, rel: 'approve', method: 'GET' },
          { href: `${base}/v3/vault/setup-tokens/${token.id}`, rel: 'self', method: 'GET' },
        ],
      },
    };
  }

  function createPaymentToken(input: { payment_source?: { token?: { id?: string; type?: string } } }): Answer {
    const source = input.payment_source?.token;
    const setup = source?.type === 'SETUP_TOKEN' && source.id ? setupTokens.get(source.id) : undefined;
    if (!setup) return notFound();
    if (setup.status === 'PAYER_ACTION_REQUIRED') return problem(422, 'UNPROCESSABLE_ENTITY', 'PAYER_ACTION_REQUIRED', 'Please make sure setup up token is approved.');
    if (setup.status === 'VAULTED') return problem(422, 'UNPROCESSABLE_ENTITY', 'SETUP_TOKEN_ALREADY_TOKENIZED', 'The setup token has been used previously to generate a payment token.');
    setup.status = 'VAULTED';
    const token: PaymentToken = { id: id('8K'), customer: setup.customer, funding: setup.funding, charges: 0 };
    paymentTokens.set(token.id, token);
    return { status: 201, body: { id: token.id, customer: token.customer, payment_source: { paypal: { email_address: 'buyer@paypal.test', account_id: 'PAYER1' } } } };
  }

  function createOrder(input: { intent?: string; purchase_units?: { amount?: { currency_code?: string; value?: string } }[]; payment_source?: { paypal?: { vault_id?: string } } }): Answer {
    const amount = input.purchase_units?.[0]?.amount;
    if (input.intent !== 'CAPTURE' || !amount?.value || !amount.currency_code) return problem(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
    const token = paymentTokens.get(input.payment_source?.paypal?.vault_id ?? '');
    if (!token) return notFound();
    token.charges += 1;
    if (token.funding === 'declined' || (token.funding === 'declined_renewals' && token.charges > 1)) {
      return problem(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.');
    }
    const capture: Capture = { id: id('3C'), status: 'COMPLETED', amount: { currency_code: amount.currency_code, value: amount.value }, final_capture: true, create_time: new Date().toISOString() };
    captures.set(capture.id, capture);
    return { status: 201, body: { id: id('5O'), status: 'COMPLETED', payment_source: { paypal: { email_address: 'buyer@paypal.test' } }, purchase_units: [{ reference_id: 'default', payments: { captures: [capture] } }] } };
  }

  /** The buyer's approval pages (no API credentials: a browser opens them). */
  function buyerPage(res: ServerResponse, url: URL): boolean {
    if (!url.pathname.startsWith('/agreements/approve')) return false;
    const sessionId = url.searchParams.get('approval_session_id') ?? '';
    const token = setupTokens.get(sessionId);
    const query = `approval_session_id=${encodeURIComponent(sessionId)}`;
    if (!token) res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Unknown approval session');
    else if (url.pathname === '/agreements/approve') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><title>PayPal (fake)</title><h1>Save your PayPal account</h1><p>buyer@paypal.test</p><a href="/agreements/approve/agree?${query}">Agree and Continue</a> <a href="/agreements/approve/cancel?${query}">Cancel</a>`,
      );
    } else if (url.pathname === '/agreements/approve/agree') {
      token.status = 'APPROVED';
      const back = new URL(token.returnUrl ?? url.origin);
      back.searchParams.set('approval_token_id', token.id);
      back.searchParams.set('approval_session_id', token.id);
      res.writeHead(302, { Location: back.href }).end();
    } else res.writeHead(302, { Location: token.cancelUrl ?? url.origin }).end();
    return true;
  }

  function verifyWebhook(input: Record<string, unknown>): Answer {
    const expected = signatureOf({ secret: signingSecret, transmissionId: String(input.transmission_id), time: String(input.transmission_time), webhookId: String(input.webhook_id), event: input.webhook_event });
    const ok = input.webhook_id === webhookId && input.auth_algo === 'SHA256withRSA' && input.transmission_sig === expected;
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  function route(req: IncomingMessage, body: string, base: string): Answer {
    const path = new URL(req.url ?? '/', base).pathname;
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/v1/oauth2/token') return oauth(req, body);
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!accessTokens.has(bearer)) return UNAUTHORIZED;
    const json = (body ? JSON.parse(body) : {}) as Record<string, never>;
    const [, , first, second, third] = path.split('/');
    if (method === 'POST' && path === '/v3/vault/setup-tokens') return createSetupToken(json, base);
    if (method === 'GET' && first === 'vault' && second === 'setup-tokens' && third) {
      const token = setupTokens.get(third);
      return token ? { status: 200, body: { id: token.id, customer: token.customer, status: token.status, payment_source: { paypal: {} } } } : notFound();
    }
    if (method === 'POST' && path === '/v3/vault/payment-tokens') return createPaymentToken(json);
    if (method === 'DELETE' && first === 'vault' && second === 'payment-tokens' && third) return paymentTokens.delete(third) ? { status: 204 } : notFound();
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(json);
    if (method === 'GET' && first === 'payments' && second === 'captures' && third) {
      const capture = captures.get(third);
      return capture ? { status: 200, body: capture } : notFound();
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return verifyWebhook(json);
    return problem(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'The requested resource was not found.');
  }

  function answer(res: ServerResponse, { status, body }: Answer): void {
    res.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json', 'Paypal-Debug-Id': randomBytes(6).toString('hex') });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const base = `http://${req.headers.host ?? '127.0.0.1'}`;
      if (req.method === 'GET' && buyerPage(res, new URL(req.url ?? '/', base))) return;
      const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;
      log.push({ line: `${req.method} ${new URL(req.url ?? '/', base).pathname}`, requestId });
      // PayPal keeps an idempotent call's answer for a while and replays it for the same id.
      const replayKey = requestId ? `${req.method} ${req.url} ${requestId}` : undefined;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) return answer(res, { ...replay, status: replay.status === 201 ? 200 : replay.status });
      let result: Answer;
      try {
        result = route(req, body, base);
      } catch {
        result = problem(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
      }
      if (replayKey && result.status < 500) replays.set(replayKey, result);
      answer(res, result);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    webhookId,
    approve: ({ setupTokenId, funding = 'ok' }) => {
      const token = setupTokens.get(setupTokenId);
      if (!token) throw new Error(`no setup token ${setupTokenId}`);
      Object.assign(token, { status: 'APPROVED', funding });
    },
    signedHeaders: (event) => {
      const transmissionId = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-FAKE',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signatureOf({ secret: signingSecret, transmissionId, time, webhookId, event }),
      };
    },
    sent: () => log.map((entry) => entry.line),
    requestIds: () => log.flatMap((entry) => (entry.requestId ? [entry.requestId] : [])),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
