import { randomBytes } from 'node:crypto';

/**
 * What a third party's browser code needs from the pages' policy. `script` is for browsers
 * without 'strict-dynamic' (the others run whatever our nonced scripts load, and ignore hosts).
 */
export interface ProviderSources {
  name: string;
  script?: readonly string[];
  frame?: readonly string[];
  connect?: readonly string[];
}

/**
 * The third parties the pages load code from: a provider integrated into the browser (its
 * script, its frames, its API) has its entry here, and only here. Stripe.js loads only on a card
 * step of a keyed Stripe method; these are the sources Stripe documents for it.
 */
export const PROVIDER_SOURCES: readonly ProviderSources[] = [
  {
    name: 'stripe',
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  },
];

/**
 * The error reporter's entry (when `SENTRY_DSN` is set): the pages' SDK is bundled with them, so
 * it only needs to reach the DSN's host, where it posts its reports. The DSN's public key is
 * not part of an origin, so it never appears in the policy.
 */
export function errorReportingSources(dsn: string): ProviderSources {
  return { name: 'error reporting', connect: [new URL(dsn).origin] };
}

/** The providers the pages' policy names: `PROVIDER_SOURCES`, and the error reporter when one is configured. */
export function pageProviders(errorReporting: { dsn: string } | null): readonly ProviderSources[] {
  return errorReporting ? [...PROVIDER_SOURCES, errorReportingSources(errorReporting.dsn)] : PROVIDER_SOURCES;
}

/**
 * Every response that is not a page: nothing in it may load or run, and nothing may frame it
 * (an SVG avatar or a JSON body opened directly stays inert).
 */
export const API_CSP_DIRECTIVES = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
};

export interface PagePolicyOptions {
  /** Fresh per response: the page's scripts and styles carry it (see `newCspNonce`). */
  nonce: string;
  /** The public origin (`PUBLIC_URL`): the pages' realtime socket is there. */
  publicUrl: string;
  /** Other sites allowed to frame the pages (`EMBED_ORIGINS`), as bare origins. */
  embedOrigins: readonly string[];
  providers?: readonly ProviderSources[];
}

/** 128 random bits, as CSP3 asks of a nonce. */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * CSP3 lets 'self' cover the page's own ws/wss origin, but not every browser does, so the
 * socket's origin is named as well: the public origin with the socket's scheme.
 */
function socketSource(publicUrl: string): string {
  return publicUrl.replace(/^http/, 'ws');
}

/**
 * The policy of every page the platform serves: only scripts carrying the response's nonce run
 * ('strict-dynamic' then trusts what they load, so no host list — and no same-origin file that
 * happens to parse as script — widens it), and only nonced `<style>` tags apply. Images may come
 * from any http(s) host: product images are URLs the merchant enters. Pages may be framed by the
 * platform itself and its configured embedders.
 */
export function pageContentSecurityPolicy(options: PagePolicyOptions): string {
  const { nonce, providers = PROVIDER_SOURCES } = options;
  const from = (kind: 'script' | 'frame' | 'connect') =>
    providers.flatMap((provider) => provider[kind] ?? []);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', `'nonce-${nonce}'`, "'strict-dynamic'", ...from('script')],
    ['style-src', "'self'", `'nonce-${nonce}'`],
    ['img-src', "'self'", 'data:', 'https:', 'http:'],
    ['connect-src', "'self'", socketSource(options.publicUrl), ...from('connect')],
    ['frame-src', "'self'", ...from('frame')],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'", ...options.embedOrigins],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}
