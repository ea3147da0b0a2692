import type { Registry } from '@bazaar/schemas';

let started = false;

/**
 * Starts the Sentry SDK when the operator configured a DSN (`SENTRY_DSN`, passed to pages in
 * the registry). Without one the SDK is never even downloaded, so nothing is sent anywhere.
 */
export async function startErrorReporting(config: Registry['errorReporting']): Promise<void> {
  if (!config || started) return;
  started = true;
  const Sentry = await import('@sentry/browser');
  Sentry.init({ dsn: config.dsn, sampleRate: config.sampleRate });
}
