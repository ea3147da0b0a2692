import type { ErrorReporting } from '@bazaar/schemas';
import * as Sentry from '@sentry/node';
import type { ErrorReporter } from './error-reporter.ts';

/** How long closing waits for queued reports before giving up on them. */
export const SENTRY_CLOSE_TIMEOUT_MS = 2_000;

/**
 * Initialises the Sentry SDK for this process and reports through it. Errors only: no tracing,
 * no automatic instrumentation (http, fetch, console, process handlers), and none of the data
 * the SDK would otherwise gather about people (users, cookies, headers, bodies, query strings,
 * local variables). What a report carries is the error, its stack with source lines, the
 * runtime, and the request's method, route and id.
 */
export function startSentryReporter(settings: ErrorReporting): ErrorReporter {
  Sentry.init({
    dsn: settings.dsn,
    sampleRate: settings.sampleRate,
    defaultIntegrations: false,
    integrations: [
      Sentry.eventFiltersIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.contextLinesIntegration(),
      Sentry.nodeContextIntegration(),
    ],
    sendClientReports: false,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
  });
  return {
    settings,
    captureRequestError(error, request) {
      Sentry.captureException(error, {
        tags: { 'http.method': request.method, 'http.route': request.route },
        extra: { requestId: request.requestId },
      });
    },
    async close(timeoutMs = SENTRY_CLOSE_TIMEOUT_MS) {
      await Sentry.close(timeoutMs);
      // No client is left in the process-wide scope, so a later init (another test's) starts clean.
      Sentry.getCurrentScope().setClient(undefined);
    },
  };
}
