// Stripe's test-mode card behaviour over stripe-mock, for the billing adapter's contract suite.
// stripe-mock checks every request against Stripe's OpenAPI document but keeps no state: each
// PaymentIntent comes back `requires_payment_method`. This proxy forwards every request to it
// and then answers as Stripe's test mode does for its documented test cards (4242... succeeds,
// ...0002 card_declined, ...0069 expired_card, ...3220 needs 3-D Secure), and replays the first
// answer to a repeated Idempotency-Key, as Stripe does.
import { createServer, request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { withStripeMock } from './stripe-mock';

type Behaviour = 'succeed' | 'decline' | 'expired' | 'three_d_secure';
const BEHAVIOURS: Record<string, Behaviour> = {
  '4242424242424242': 'succeed',
  '4000000000000002': 'decline',
  '4000000000000069': 'expired',
  '4000000000003220': 'three_d_secure',
};

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface StripeTestCards {
  readonly url: string;
  /** The buyer passes (or fails) the 3-D Secure step of a PaymentIntent. */
  authenticate: (input: { paymentIntentId: string; ok: boolean }) => void;
  /** "METHOD /v1/path" of every request, in order. */
  sent: () => string[];
}

const cardError = ({ code, message, intent }: { code: string; message: string; intent?: Record<string, unknown> }): Answer => ({
  status: 402,
  body: { error: { type: 'card_error', code, decline_code: code === 'card_declined' ? 'generic_decline' : undefined, message, ...(intent ? { payment_intent: intent } : {}) } },
});

async function forward({ target, req, body }: { target: string; req: IncomingMessage; body: Buffer }): Promise<Answer> {
  const upstream = new URL(req.url ?? '/', target);
  return new Promise((resolve, reject) => {
    const call = request(upstream, { method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 502, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> }));
    });
    call.on('error', reject);
    call.end(body);
  });
}

/** Registers beforeAll/afterAll hooks (stripe-mock and the proxy); read `url` inside tests. */
export function withStripeTestCards(): StripeTestCards {
  const stripeMock = withStripeMock();
  const methods = new Map<string, { behaviour: Behaviour; detached: boolean }>();
  const intents = new Map<string, { behaviour: Behaviour; authenticated?: boolean }>();
  const replays = new Map<string, Promise<Answer>>();
  const log: string[] = [];
  let server: ReturnType<typeof createServer> | undefined;
  let url = '';

  function paymentIntent({ form, answer }: { form: URLSearchParams; answer: Answer }): Answer {
    const method = methods.get(form.get('payment_method') ?? '');
    const intent: Record<string, unknown> = { ...answer.body, status: 'succeeded' };
    if (!method || method.detached) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'The PaymentMethod is not attached to a Customer.' } } };
    intents.set(String(intent.id), { behaviour: method.behaviour });
    if (method.behaviour === 'decline') return cardError({ code: 'card_declined', message: 'Your card was declined.', intent });
    if (method.behaviour === 'expired') return cardError({ code: 'expired_card', message: 'Your card has expired.', intent });
    if (method.behaviour === 'three_d_secure') {
      if (form.get('off_session') === 'true') return cardError({ code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.', intent });
      const next = { type: 'redirect_to_url', redirect_to_url: { url: `https://hooks.stripe.com/3d_secure_2/authenticate/${String(intent.id)}`, return_url: form.get('return_url') } };
      return { status: 200, body: { ...intent, status: 'requires_action', next_action: next } };
    }
    return { status: 200, body: intent };
  }

  function retrieved({ id, answer }: { id: string; answer: Answer }): Answer {
    const intent = intents.get(id);
    if (!intent) return answer;
    if (intent.behaviour !== 'three_d_secure') return { status: 200, body: { ...answer.body, status: 'succeeded' } };
    if (intent.authenticated === undefined) return { status: 200, body: { ...answer.body, status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure_2' } } } };
    return intent.authenticated
      ? { status: 200, body: { ...answer.body, status: 'succeeded' } }
      : { status: 200, body: { ...answer.body, status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The provided PaymentMethod has failed authentication.' } } };
  }

  function handle(req: IncomingMessage, body: Buffer): Promise<Answer> {
    const path = new URL(req.url ?? '/', 'http://stripe').pathname;
    log.push(`${req.method} ${path}`);
    const key = req.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${path} ${key}` : undefined;
    // A repeated key, even while the first request is still running, gets the first answer.
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return replay;
    const answer = answerOf({ req, path, body });
    if (replayKey) replays.set(replayKey, answer);
    return answer;
  }

  async function answerOf({ req, path, body }: { req: IncomingMessage; path: string; body: Buffer }): Promise<Answer> {
    const answer = await forward({ target: stripeMock.url, req, body });
    if (answer.status >= 400) return answer;
    const form = new URLSearchParams(body.toString('utf8'));
    let result = answer;
    if (req.method === 'POST' && path === '/v1/payment_methods') {
      methods.set(String(answer.body.id), { behaviour: BEHAVIOURS[form.get('card[number]') ?? ''] ?? 'succeed', detached: false });
    } else if (req.method === 'POST' && path === '/v1/payment_intents') {
      result = paymentIntent({ form, answer });
    } else if (req.method === 'GET' && path.startsWith('/v1/payment_intents/')) {
      result = retrieved({ id: path.split('/')[3] ?? '', answer });
    } else if (req.method === 'POST' && path.endsWith('/detach')) {
      const method = methods.get(path.split('/')[3] ?? '');
      if (method) method.detached = true;
    }
    return result;
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        handle(req, Buffer.concat(chunks)).then(
          ({ status, body }) => res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_fake' }).end(JSON.stringify(body)),
          () => res.destroy(),
        );
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server?.closeAllConnections();
        server?.close(() => resolve());
      }),
  );
  return {
    get url() {
      return url;
    },
    authenticate: ({ paymentIntentId, ok }) => {
      const intent = intents.get(paymentIntentId);
      if (intent) intent.authenticated = ok;
    },
    sent: () => [...log],
  };
}
