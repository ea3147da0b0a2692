import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. The middleware is built once: the Fastify wrapper
 * built it anew for each request, parsing the policy again each time (3 % of a checkout start's
 * time). Pages replace the policy with their own (web-apps.ts), since a
 * header Fastify sends overrides one set on the raw response.
 */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet passes no error on (since 8.1 it throws one), so `next` only goes on.
    setHeaders(request.raw, reply.raw, () => done());
  });
}
