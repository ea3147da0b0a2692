import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ANALYTICS_READER_ROLES,
  analyticsCountsQuerySchema,
  analyticsCountsResponseSchema,
  analyticsPingsBodySchema,
  CONSENT_ACCEPTED,
  CONSENT_COOKIE,
} from '@bazaar/schemas';
import { requireRole, useZod } from '@bazaar/server-kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PlatformLimits } from '../limits.ts';
import { addressRateLimit } from '../request-limits.ts';
import { assertTrustedStateChange, type TrustedOrigins } from '../security/request-origin.ts';
import { getDailyCounts, recordPings, type AnalyticsDeps } from './service.ts';

/** Short, so a fixed script reaches every page within minutes, while a page load does not refetch it. */
export const ANALYTICS_SCRIPT_MAX_AGE_SECONDS = 300;

/** The browser client, as written (small enough to need no build): see script.js. */
const ANALYTICS_SCRIPT = readFileSync(join(import.meta.dirname, 'script.js'), 'utf8');

/** Consent is checked here as well as in the page: a ping without it is answered but never counted. */
function hasConsented(request: FastifyRequest): boolean {
  return request.cookies[CONSENT_COOKIE] === CONSENT_ACCEPTED;
}

/** The analytics routes; the platform mounts them at ANALYTICS_PATH (`/.well-known/service/analytics`). */
export function analyticsRoutes(
  deps: AnalyticsDeps & { limits: PlatformLimits; trustedOrigins: TrustedOrigins },
): FastifyPluginAsync {
  return async (app) => {
    const zapp = useZod(app);

    zapp.get('/script.js', async (_request, reply) => {
      return reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', `public, max-age=${ANALYTICS_SCRIPT_MAX_AGE_SECONDS}`)
        .send(ANALYTICS_SCRIPT);
    });

    zapp.post(
      '/pings',
      {
        schema: { body: analyticsPingsBodySchema },
        config: { rateLimit: addressRateLimit(deps.limits.analyticsPingsPerMinute) },
        // The consent cookie rides along with any request to this site, so a page elsewhere must
        // not be able to pump the counts with it: held to the session cookie's rule.
        onRequest: async (request) => assertTrustedStateChange(request, deps.trustedOrigins),
      },
      async (request, reply) => {
        if (hasConsented(request)) await recordPings(deps, request.body.pings);
        return reply.status(204).send();
      },
    );

    zapp.get(
      '/counts',
      {
        schema: { querystring: analyticsCountsQuerySchema, response: { 200: analyticsCountsResponseSchema } },
        // Before the query is validated: a guest learns nothing of what the route takes.
        onRequest: async (request) => void requireRole(request, ANALYTICS_READER_ROLES),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getDailyCounts(deps, request.query);
      },
    );
  };
}
