import {
  accessTokenIdSchema,
  accessTokenSchema,
  accessTokenWhoamiSchema,
  createAccessTokenBodySchema,
  createAccessTokenResponseSchema,
  deleteAccessTokenBodySchema,
  paginatedSchema,
  paginationQuerySchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { StoreDeps } from '../../deps.ts';
import { currentDeveloper, developerOnly } from '../../http/guards.ts';
import { requireEnabledDeveloper } from '../developers/index.ts';
import { accessTokenOnly, currentAccessToken } from './bearer.ts';
import { createAccessToken, deleteAccessToken, listAccessTokens } from './service.ts';

const tags = ['access-tokens'];

/** A developer manages their own tokens (signed in); the CLI checks its token with `whoami`. */
export function registerAccessTokenRoutes(app: ZodApp, deps: StoreDeps) {
  const forDevelopers = developerOnly(deps);
  app.get(
    '/developer/access-tokens',
    {
      ...forDevelopers,
      schema: {
        tags,
        querystring: paginationQuerySchema,
        response: { 200: paginatedSchema(accessTokenSchema) },
      },
    },
    async (request) => listAccessTokens(deps, { ownerDid: currentDeveloper(request).did, ...request.query }),
  );
  app.post(
    '/developer/access-tokens',
    {
      ...forDevelopers,
      schema: { tags, body: createAccessTokenBodySchema, response: { 200: createAccessTokenResponseSchema } },
    },
    async (request) =>
      createAccessToken(deps, { ownerDid: currentDeveloper(request).did, body: request.body }),
  );
  app.delete(
    '/developer/access-tokens/:id',
    {
      ...forDevelopers,
      schema: {
        tags,
        params: z.object({ id: accessTokenIdSchema }),
        body: deleteAccessTokenBodySchema,
        response: { 200: accessTokenSchema },
      },
    },
    async (request) =>
      deleteAccessToken(deps, {
        ownerDid: currentDeveloper(request).did,
        id: request.params.id,
        confirmName: request.body.confirmName,
      }),
  );
  app.get(
    '/cli/whoami',
    {
      ...accessTokenOnly(deps, 'read'),
      schema: {
        tags,
        security: [{ accessToken: [] }],
        response: { 200: accessTokenWhoamiSchema },
      },
    },
    async (request) => {
      const token = currentAccessToken(request);
      return {
        developer: await requireEnabledDeveloper(deps.db, token.developerDid),
        tokenId: token.tokenId,
        scopes: token.scopes,
      };
    },
  );
}
