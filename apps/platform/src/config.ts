import { join, resolve } from 'node:path';
import { DEFAULT_PAYMENT_LIMITS, type PaymentLimits, type StripeApiTarget } from '@bazaar/payment-server';
import type { ErrorReporting } from '@bazaar/schemas';
import { DEFAULT_PLATFORM_LIMITS, LIMIT_VARIABLES, type PlatformLimits } from './limits.ts';

/** A setting that cannot be used; `npm start` prints its message and stops. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** What `npm start` runs with, read from the environment once. */
export interface PlatformConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…`, or the SQLite file under `dataDir`. */
  databaseUrl: string;
  livemode: boolean;
  trustProxy: boolean;
  /** The local chain test mode pays on, or null (live mode, `DEMO_CHAIN=off`). */
  demoChain: { port: number } | null;
  /**
   * The origin people reach the platform at (`https://shop.example`): wallet sign-in messages
   * must name it, absolute links are built on it, and the session cookie is Secure when it is https.
   */
  publicUrl: string;
  /** Origins of other sites allowed to embed the kit's components and call the API with the user's cookie. */
  embedOrigins: string[];
  /** Request, email-code and sweep limits, each overridable by its variable in `LIMIT_VARIABLES`. */
  limits: PlatformLimits;
  /** The Payment Kit's stock holds and session retention, each overridable by its variable in `PAYMENT_LIMIT_VARIABLES`. */
  paymentLimits: PaymentLimits;
  /** Lets webhooks go to loopback and private-network addresses (`WEBHOOKS_ALLOW_PRIVATE`): for local development only. */
  webhooksAllowPrivate: boolean;
  /** Where the Stripe SDK sends its requests (`STRIPE_API_URL`, a local stand-in); null: Stripe's API. */
  stripeApi: StripeApiTarget | null;
  /**
   * Where unexpected errors are reported, by the server and by the pages (`SENTRY_DSN`, with
   * `SENTRY_SAMPLE_RATE`, 0 to 1, default 1); null without a DSN: then nothing is sent anywhere.
   */
  errorReporting: ErrorReporting | null;
}

/** The environment variable that overrides each of the Payment Kit's limits. */
export const PAYMENT_LIMIT_VARIABLES: Record<keyof PaymentLimits, string> = {
  stockHoldSeconds: 'STOCK_HOLD_SECONDS',
  stockHoldsPerCustomer: 'STOCK_HOLDS_PER_CUSTOMER',
  abandonedSessionRetentionSeconds: 'ABANDONED_SESSION_RETENTION_SECONDS',
};

const isOn = (value: string | undefined) => ['1', 'true', 'on', 'yes'].includes((value ?? '').toLowerCase());
const isOff = (value: string | undefined) =>
  ['0', 'false', 'off', 'no'].includes((value ?? '').toLowerCase());

function parsePort(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`${name} must be a port number from 0 to 65535 (got "${value}")`);
  }
  return port;
}

/**
 * `value` as a bare http(s) origin (`https://shop.example:8443`, a trailing slash allowed).
 * A path, query, fragment or user name is refused rather than dropped: the platform is served at
 * the root of its origin, and a setting that silently means something else is worse than none.
 */
export function parseOrigin(name: string, value: string): string {
  const example = `${name} must be an http:// or https:// origin such as https://shop.example (got "${value}")`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(example);
  }
  const isOrigin =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '';
  if (!isOrigin) throw new ConfigError(example);
  return url.origin;
}

/** The default limits with what the environment overrides; each must be a whole number of at least 1. */
function readLimits<Limits extends object>(
  env: Record<string, string | undefined>,
  defaults: Limits,
  variables: Record<keyof Limits, string>,
): Limits {
  const limits = { ...defaults };
  for (const [field, name] of Object.entries(variables) as [keyof Limits, string][]) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < 1) {
      throw new ConfigError(`${name} must be a whole number of at least 1 (got "${value}")`);
    }
    limits[field] = Number(value) as Limits[keyof Limits];
  }
  return limits;
}

/** `http://127.0.0.1:12111` → where an SDK's requests go instead of its service's API. */
function parseApiTarget(name: string, value: string): StripeApiTarget {
  const url = new URL(parseOrigin(name, value));
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: Number(url.port || (protocol === 'https' ? 443 : 80)), protocol };
}

/** Comma-separated origins; empty entries are ignored. */
function parseOrigins(name: string, value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return [...new Set(entries.map((entry) => parseOrigin(name, entry)))];
}

/**
 * A Sentry DSN, `https://<public key>@o0.ingest.sentry.io/<project id>` (a path before the project
 * id allowed, as self-hosted installs use). One with a secret key is refused: the pages are told
 * the DSN, so it must hold nothing a visitor may not read.
 */
function parseSentryDsn(name: string, value: string): string {
  const dsn = value.trim();
  const url = URL.parse(dsn);
  const isDsn =
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username !== '' &&
    /^\/(?:[^?#]*\/)?\d+$/.test(url.pathname) &&
    url.search === '' &&
    url.hash === '';
  if (!isDsn) {
    throw new ConfigError(
      `${name} must be a Sentry DSN such as https://<public key>@o0.ingest.sentry.io/<project id> (got "${value}")`,
    );
  }
  if (url.password !== '') {
    throw new ConfigError(
      `${name} must not carry a secret key (https://<public key>@…): pages are told the DSN, so it holds the public key only`,
    );
  }
  return dsn;
}

/** A share from 0 to 1 (`0.25`); `fallback` when unset. */
function parseFraction(name: string, value: string | undefined, fallback: number): number {
  const text = value?.trim();
  if (!text) return fallback;
  const fraction = Number(text);
  if (!/^(?:\d+(?:\.\d+)?|\.\d+)$/.test(text) || fraction > 1) {
    throw new ConfigError(`${name} must be a number from 0 to 1, such as 0.25 (got "${value}")`);
  }
  return fraction;
}

/** Error reporting is on only with a DSN; the sample rate is checked either way, so a typo never waits. */
function readErrorReporting(env: Record<string, string | undefined>): ErrorReporting | null {
  const sampleRate = parseFraction('SENTRY_SAMPLE_RATE', env.SENTRY_SAMPLE_RATE, 1);
  const dsn = env.SENTRY_DSN?.trim();
  return dsn ? { dsn: parseSentryDsn('SENTRY_DSN', dsn), sampleRate } : null;
}

/**
 * Reads and checks every setting at once, so a typo stops the start with a message naming the
 * variable instead of surfacing later as failed sign-ins.
 */
export function readPlatformConfig(env: Record<string, string | undefined>): PlatformConfig {
  const port = parsePort('PORT', env.PORT, 3000);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const livemode = isOn(env.LIVEMODE);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? join(dataDir, 'bazaar.db'),
    livemode,
    trustProxy: isOn(env.TRUST_PROXY),
    demoChain:
      livemode || isOff(env.DEMO_CHAIN)
        ? null
        : { port: parsePort('DEMO_CHAIN_PORT', env.DEMO_CHAIN_PORT, 8545) },
    publicUrl: parseOrigin('PUBLIC_URL', env.PUBLIC_URL || `http://localhost:${port}`),
    embedOrigins: parseOrigins('EMBED_ORIGINS', env.EMBED_ORIGINS),
    limits: readLimits(env, DEFAULT_PLATFORM_LIMITS, LIMIT_VARIABLES),
    paymentLimits: readLimits(env, DEFAULT_PAYMENT_LIMITS, PAYMENT_LIMIT_VARIABLES),
    webhooksAllowPrivate: isOn(env.WEBHOOKS_ALLOW_PRIVATE),
    stripeApi: env.STRIPE_API_URL ? parseApiTarget('STRIPE_API_URL', env.STRIPE_API_URL) : null,
    errorReporting: readErrorReporting(env),
  };
}
