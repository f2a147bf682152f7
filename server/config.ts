// Reads configuration from the environment once, at start-up.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ROOT } from './paths';
import { keptSecret } from './services/crypto/kept-secret';
import type { S3Settings } from './services/blobs/s3';

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** OIDC issuer URL (Google, or a test provider). GitHub and Webflow use fixed OAuth endpoints. */
  issuer?: string;
  /** Overrides of a plain OAuth2 provider's endpoints (tests, GitHub Enterprise). */
  authorizationUrl?: string;
  tokenUrl?: string;
  userinfoUrl?: string;
}

export interface LiveLimits {
  /** Open event streams of one app on one instance. */
  maxConnectionsPerApp: number;
  /** Of those, from one client address (IPv6 by its /64), so one address cannot take the app's whole cap. */
  maxConnectionsPerAddress: number;
  /** A stream with no subscription this long after it opened (or after its set was emptied) is closed. */
  subscribeGraceMs: number;
  /** Bytes a stream may have waiting for its client before it is closed as too slow. */
  maxBufferBytes: number;
  heartbeatMs: number;
  /** How long the change log keeps an entry, and how many it keeps per app. */
  retentionMs: number;
  maxEntriesPerApp: number;
  /** How often an instance reads other instances' changes of an app it has streams of. */
  pollMs: number;
  /** How long a tail waits for a missing sequence number before it skips it. */
  gapHoldMs: number;
  /** How often an instance checks that its streams' credentials still hold (a revoked token ends its stream). */
  recheckMs: number;
}

export interface Config {
  port: number;
  brand: string;
  production: boolean;
  /** Absolute origin the product is reached at, used in e-mail links and OAuth callbacks. */
  publicUrl: string;
  sessionSecret: string;
  /** Key that seals secrets at rest (TOTP secrets, app secrets, integration credentials, webhook secrets). */
  encryptionKey: string;
  /** Keys of before a rotation: they only open secrets not yet re-sealed with encryptionKey. */
  previousEncryptionKeys: string[];
  /** Where generated secrets are kept (DATA_DIR, default the SQLite file's folder). */
  dataDir: string;
  mongodbUri?: string;
  mongodbDb: string;
  sqlitePath: string;
  /** The built web app the server serves (WEB_DIST, default web/dist): another build of it for a test on another document. */
  webDist: string;
  /** Directory of uploaded files (the disk blob store). */
  uploadsDir: string;
  /** Where uploaded files live: the disk (uploadsDir) or an S3-compatible bucket (docs/media.md). */
  blobs: BlobsConfig;
  smtpUrl?: string;
  mailFrom: string;
  /** verifyUrl overrides the provider's siteverify URL (tests). */
  captcha: { provider?: 'turnstile' | 'hcaptcha' | 'recaptcha'; secret?: string; siteKey?: string; verifyUrl?: string };
  oauth: Partial<Record<'google' | 'github' | 'webflow', OAuthClientConfig>>;
  /** Development and tests only: let webhooks reach private addresses and self-signed certificates. */
  webhooksAllowPrivate: boolean;
  trustProxy: boolean;
  /** Bearer token of /metrics (docs/operations.md); without it there are no metrics. */
  metricsToken?: string;
  /** Store calls at least this slow are logged with their operation and collection (docs/operations.md); unset: none. */
  slowStoreMs?: number;
  /** Where the payment adapters reach the providers' APIs (stripe-mock, a Paddle sandbox, a test fake). */
  payments: { stripeApiBase: string; paddleApiBase: string };
  /** The widget platform's own billing (docs/billing.md): which adapter takes card payments, and the providers' keys. */
  billing: BillingConfig;
  /** Per-app limits of the no-code database and its public API (docs/public-data-api.md). */
  dataQuotas: DataQuotas;
  /** Live changes of the per-app database (docs/public-data-api.md, "Live changes"). */
  live: LiveLimits;
  /** Widget events a minute (docs/widget-analytics.md). */
  eventLimits: EventLimits;
  /** Mails one client address may have the server send, per hour and kind (docs/accounts.md). */
  addressMailLimits: AddressMailLimits;
  /** Scheduled backups through the blob store, and the age key archives are encrypted for (docs/backups-and-restarts.md): off without a schedule. */
  backups: { schedule?: string; keep: number; encryptionKey?: string };
  /** After SIGTERM, the instance exits by this time whatever is still running (docs/backups-and-restarts.md). */
  shutdownTimeoutMs: number;
}

export interface BillingConfig {
  cardProvider: 'sandbox' | 'stripe';
  stripe?: { secretKey: string; webhookSecret?: string };
  paypal?: { clientId: string; clientSecret: string; apiBase: string; webhookId?: string };
}

export interface EventLimits {
  perWidgetPerMinute: number;
  perAddressPerMinute: number;
}

export interface AddressMailLimits {
  /** Sign-ups (each mails a confirmation link to the address given). */
  signup: number;
  /** Password reset requests, for an account or not. */
  reset: number;
  /** Confirmation mails sent again. */
  confirm: number;
}

export type BlobsConfig = { engine: 'disk' } | { engine: 's3'; s3: S3Settings };

export interface DataQuotas {
  documents: number;
  bytes: number;
  requestsPerMonth: number;
  requestsPerMinute: number;
}

const positive = (value: string | undefined, fallback: number): number => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : fallback;
};

const oauthFrom = (env: NodeJS.ProcessEnv, name: string): OAuthClientConfig | undefined => {
  const clientId = env[`OAUTH_${name}_CLIENT_ID`];
  const clientSecret = env[`OAUTH_${name}_CLIENT_SECRET`];
  if (!clientId || !clientSecret) return undefined;
  return {
    clientId,
    clientSecret,
    issuer: env[`OAUTH_${name}_ISSUER`],
    authorizationUrl: env[`OAUTH_${name}_AUTHORIZATION_URL`],
    tokenUrl: env[`OAUTH_${name}_TOKEN_URL`],
    userinfoUrl: env[`OAUTH_${name}_USERINFO_URL`],
  };
};

function blobsFrom(env: NodeJS.ProcessEnv): BlobsConfig {
  const engine = env.BLOB_STORE ?? 'disk';
  if (engine === 'disk') return { engine };
  if (engine !== 's3') throw new Error(`BLOB_STORE must be disk or s3, not ${engine}`);
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET must be set with BLOB_STORE=s3');
  return {
    engine,
    s3: {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || 'us-east-1',
      endpoint: env.S3_ENDPOINT || undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    },
  };
}

function billingFrom(env: NodeJS.ProcessEnv): BillingConfig {
  const cardProvider = env.BILLING_CARD_PROVIDER || 'sandbox';
  if (cardProvider !== 'sandbox' && cardProvider !== 'stripe') throw new Error(`BILLING_CARD_PROVIDER must be sandbox or stripe, not ${cardProvider}`);
  if (cardProvider === 'stripe' && !env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY must be set with BILLING_CARD_PROVIDER=stripe');
  return {
    cardProvider,
    stripe: env.STRIPE_SECRET_KEY ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined } : undefined,
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? {
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            apiBase: (env.PAYPAL_API_BASE || 'https://api-m.paypal.com').replace(/\/$/, ''),
            webhookId: env.PAYPAL_WEBHOOK_ID || undefined,
          }
        : undefined,
  };
}

/** Unset, the app's own build, served when it has been built; set, a build that must be there. */
function webDistFrom(env: NodeJS.ProcessEnv): string {
  if (!env.WEB_DIST) return join(ROOT, 'web', 'dist');
  const dist = resolve(env.WEB_DIST);
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`WEB_DIST must be a built web app (vite build's outDir), and ${dist} has no index.html`);
  return dist;
}

type Secrets = Pick<Config, 'sessionSecret' | 'encryptionKey' | 'previousEncryptionKeys'>;

/** Secrets left unset are generated once and kept in the data folder, so restarts keep reading stored data (docs/secrets.md). */
function secretsFrom({ env, production, dataDir }: { env: NodeJS.ProcessEnv; production: boolean; dataDir: string }): Secrets {
  const configured = env.SESSION_SECRET || undefined;
  if (!configured && production) throw new Error('SESSION_SECRET must be set in production');
  // Instances sharing a MongoDB store must share the secrets, and the store is no place for the key.
  if (!configured && env.MONGODB_URI) throw new Error('SESSION_SECRET must be set with MONGODB_URI, the same on every instance (see docs/secrets.md)');
  return {
    sessionSecret: configured ?? keptSecret({ dir: dataDir, name: 'session.secret' }),
    // SESSION_SECRET sealed everything before ENCRYPTION_KEY was set apart, so it stays the fallback.
    encryptionKey: env.ENCRYPTION_KEY || configured || keptSecret({ dir: dataDir, name: 'encryption.key' }),
    previousEncryptionKeys: (env.ENCRYPTION_KEYS_PREVIOUS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
  };
}

export type DataPaths = Pick<Config, 'sqlitePath' | 'dataDir' | 'uploadsDir' | 'mongodbUri'>;

/** Where the data lives, read apart from the secrets: a restore must not have key files made in the folder it fills. */
export function dataPathsFrom(env: NodeJS.ProcessEnv): DataPaths {
  const sqlitePath = env.SQLITE_PATH ?? 'data/nindo.sqlite';
  return {
    sqlitePath,
    dataDir: env.DATA_DIR ?? (sqlitePath === ':memory:' ? 'data' : dirname(sqlitePath)),
    uploadsDir: env.UPLOADS_DIR ?? 'data/uploads',
    mongodbUri: env.MONGODB_URI || undefined,
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 3000);
  const { sqlitePath, dataDir, uploadsDir, mongodbUri } = dataPathsFrom(env);
  const captchaProvider = env.CAPTCHA_PROVIDER as Config['captcha']['provider'];
  return {
    port,
    brand: env.BRAND ?? 'Nindo',
    production,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    ...secretsFrom({ env, production, dataDir }),
    dataDir,
    mongodbUri,
    mongodbDb: env.MONGODB_DB ?? 'nindo',
    sqlitePath,
    webDist: webDistFrom(env),
    uploadsDir,
    blobs: blobsFrom(env),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Nindo <no-reply@nindo.local>',
    captcha: { provider: captchaProvider, secret: env.CAPTCHA_SECRET, siteKey: env.CAPTCHA_SITE_KEY, verifyUrl: env.CAPTCHA_VERIFY_URL },
    oauth: { google: oauthFrom(env, 'GOOGLE'), github: oauthFrom(env, 'GITHUB'), webflow: oauthFrom(env, 'WEBFLOW') },
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === 'true' && !production,
    trustProxy: env.TRUST_PROXY === 'true',
    metricsToken: env.METRICS_TOKEN || undefined,
    slowStoreMs: positive(env.SLOW_STORE_MS, 0) || undefined,
    payments: {
      stripeApiBase: (env.STRIPE_API_BASE || 'https://api.stripe.com').replace(/\/$/, ''),
      paddleApiBase: (env.PADDLE_API_BASE || 'https://api.paddle.com').replace(/\/$/, ''),
    },
    billing: billingFrom(env),
    dataQuotas: {
      documents: positive(env.DATA_MAX_DOCUMENTS, 10_000_000),
      bytes: positive(env.DATA_MAX_BYTES, 10 * 1024 ** 3),
      requestsPerMonth: positive(env.DATA_MAX_REQUESTS_PER_MONTH, 100_000_000),
      requestsPerMinute: positive(env.DATA_MAX_REQUESTS_PER_MINUTE, 120_000),
    },
    live: {
      maxConnectionsPerApp: positive(env.LIVE_MAX_CONNECTIONS_PER_APP, 2_000),
      maxConnectionsPerAddress: positive(env.LIVE_MAX_CONNECTIONS_PER_ADDRESS, 100),
      subscribeGraceMs: positive(env.LIVE_SUBSCRIBE_GRACE_MS, 30_000),
      maxBufferBytes: positive(env.LIVE_MAX_BUFFER_BYTES, 1024 ** 2),
      heartbeatMs: positive(env.LIVE_HEARTBEAT_MS, 15_000),
      retentionMs: positive(env.LIVE_RETENTION_MS, 24 * 3600_000),
      maxEntriesPerApp: positive(env.LIVE_MAX_ENTRIES_PER_APP, 100_000),
      pollMs: positive(env.LIVE_POLL_MS, 200),
      gapHoldMs: positive(env.LIVE_GAP_HOLD_MS, 2_000),
      recheckMs: positive(env.LIVE_RECHECK_MS, 30_000),
    },
    eventLimits: {
      perWidgetPerMinute: positive(env.EVENTS_PER_WIDGET_PER_MINUTE, 60_000),
      perAddressPerMinute: positive(env.EVENTS_PER_ADDRESS_PER_MINUTE, 3_000),
    },
    addressMailLimits: {
      signup: Math.floor(positive(env.SIGNUPS_PER_ADDRESS_PER_HOUR, 10)),
      reset: Math.floor(positive(env.PASSWORD_RESETS_PER_ADDRESS_PER_HOUR, 10)),
      confirm: Math.floor(positive(env.CONFIRMATION_MAILS_PER_ADDRESS_PER_HOUR, 10)),
    },
    backups: { schedule: env.BACKUP_SCHEDULE || undefined, keep: Math.floor(positive(env.BACKUP_KEEP, 7)), encryptionKey: env.BACKUP_ENCRYPTION_KEY || undefined },
    shutdownTimeoutMs: positive(env.SHUTDOWN_TIMEOUT_MS, 25_000),
  };
}
