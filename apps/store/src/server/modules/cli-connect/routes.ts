import {
  cliConnectDecisionResponseSchema,
  cliConnectInfoSchema,
  cliConnectPollQuerySchema,
  cliConnectPollResponseSchema,
  cliConnectSessionIdSchema,
  createCliConnectBodySchema,
  createCliConnectResponseSchema,
} from '@bazaar/schemas';
import { requireUser, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { StoreDeps } from '../../deps.ts';
import { currentDeveloper, developerOnly, signedInOnly } from '../../http/guards.ts';
import {
  approveConnectSession,
  createConnectSession,
  denyConnectSession,
  getConnectSessionInfo,
  pollConnectSession,
} from './service.ts';

const tags = ['cli-connect'];
const idParams = z.object({ id: cliConnectSessionIdSchema });

/**
 * Opening a session asks nothing of the caller, so it is held to a sign-in route's budget where
 * the host counts requests (the platform's rate limit reads this route option; hosts without
 * one ignore it).
 */
export const CONNECT_REQUESTS_PER_MINUTE = 20;
const MINUTE_MS = 60_000;

/**
 * Connecting the CLI: the CLI opens a session and polls it (no sign-in: the poll secret is its
 * authority); a signed-in person looks at it on the approval page, and an enabled developer
 * approves or denies it.
 */
export function registerCliConnectRoutes(app: ZodApp, deps: StoreDeps) {
  const forDevelopers = developerOnly(deps);
  app.post(
    '/cli/connect',
    {
      config: { rateLimit: { max: CONNECT_REQUESTS_PER_MINUTE, timeWindow: MINUTE_MS } },
      schema: { tags, body: createCliConnectBodySchema, response: { 200: createCliConnectResponseSchema } },
    },
    async (request) => createConnectSession(deps, request.body),
  );
  app.get(
    '/cli/connect/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: cliConnectPollQuerySchema,
        response: { 200: cliConnectPollResponseSchema },
      },
    },
    async (request) => pollConnectSession(deps, { id: request.params.id, secret: request.query.secret }),
  );
  app.get(
    '/cli/connect/:id/info',
    { ...signedInOnly, schema: { tags, params: idParams, response: { 200: cliConnectInfoSchema } } },
    async (request) =>
      getConnectSessionInfo(deps, { id: request.params.id, viewerDid: requireUser(request).did }),
  );
  app.post(
    '/cli/connect/:id/approve',
    {
      ...forDevelopers,
      schema: { tags, params: idParams, response: { 200: cliConnectDecisionResponseSchema } },
    },
    async (request) =>
      approveConnectSession(deps, { id: request.params.id, developer: currentDeveloper(request) }),
  );
  app.post(
    '/cli/connect/:id/deny',
    {
      ...forDevelopers,
      schema: { tags, params: idParams, response: { 200: cliConnectDecisionResponseSchema } },
    },
    async (request) =>
      denyConnectSession(deps, { id: request.params.id, developer: currentDeveloper(request) }),
  );
}
