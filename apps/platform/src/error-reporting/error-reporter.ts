import type { ErrorReporting } from '@bazaar/schemas';
import { toErrorEnvelope } from '@bazaar/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What an error report says of the request it failed: no URL (its query may be personal), no address, no user. */
export interface FailedRequest {
  method: string;
  /** The matched route's pattern (`/payment-kit/api/invoices/:id`), not the path that was asked for. */
  route: string;
  /** Fastify's request id, which the log line of the same failure carries too. */
  requestId: string;
}

/**
 * Where the platform sends the errors it did not expect: a Sentry project when `SENTRY_DSN` is
 * set (sentry-reporter.ts). Without one there is no reporter at all, and nothing is sent.
 */
export interface ErrorReporter {
  /** What the pages' own reporter is told, through the registry. */
  readonly settings: ErrorReporting;
  /** Queues one error for sending; never throws. */
  captureRequestError(error: Error, request: FailedRequest): void;
  /** Sends what is still queued, waiting at most `timeoutMs`, and stops for good. */
  close(timeoutMs?: number): Promise<void>;
}

export function describeFailedRequest(request: FastifyRequest): FailedRequest {
  return { method: request.method, route: request.routeOptions.url ?? '(no route)', requestId: request.id };
}

/**
 * Reports every error that leaves a request as a 5xx. What the error envelope answers with a
 * 4xx (an AppError, a validation failure, a rate limit) is the caller's mistake, not the
 * platform's, and is never sent. Installed before any route, so every component's are covered.
 */
export function installErrorReporting(app: FastifyInstance, reporter: ErrorReporter): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (toErrorEnvelope(error).status < 500) return;
    reporter.captureRequestError(error, describeFailedRequest(request));
  });
}

/**
 * Starts the reporter `settings` ask for, or none when they are null (no `SENTRY_DSN`): the SDK is
 * then neither loaded nor initialised, so nothing can be sent anywhere. Call it once per process.
 */
export async function startErrorReporting(settings: ErrorReporting | null): Promise<ErrorReporter | null> {
  if (!settings) return null;
  const { startSentryReporter } = await import('./sentry-reporter.ts');
  return startSentryReporter(settings);
}
