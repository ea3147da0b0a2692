import { appDidParamSchema, appPageQuerySchema, appPageSchema, appVersionParamSchema } from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { StoreDeps } from '../../../deps.ts';
import { createAssetReader } from './assets.ts';
import { getAppPage } from './service.ts';

const tags = ['apps'];

/** A year: a version's files never change once uploaded. */
const IMMUTABLE = 'max-age=31536000, immutable';

/**
 * An app's page for visitors (no sign-in needed; managers see more) and the files its manifest
 * names, served out of the version's bundle.
 */
export function registerAppDetailRoutes(app: ZodApp, deps: StoreDeps) {
  app.get(
    '/apps/:did',
    {
      schema: {
        tags,
        description:
          'An app as its page shows it: the published version, or the one named by `version` (its owner and Store admins may name any upload). A blocked app answers APP_BLOCKED, a private or unknown one NOT_FOUND, to everyone but them.',
        params: z.object({ did: appDidParamSchema }),
        querystring: appPageQuerySchema,
        response: { 200: appPageSchema },
      },
    },
    async (request) => getAppPage(deps.db, { ...request.params, ...request.query, viewer: request.user }),
  );

  const getAppAsset = createAssetReader(deps);
  app.get(
    '/apps/:did/versions/:version/assets/*',
    {
      schema: {
        tags,
        description:
          "A file the version's manifest names (logo, screenshots, readmes, changelog), read from its verified bundle.",
        params: z.object({
          did: appDidParamSchema,
          version: appVersionParamSchema,
          '*': z.string().min(1).max(1024),
        }),
      },
    },
    async (request, reply) => {
      const { did, version, '*': path } = request.params;
      const asset = await getAppAsset({ did, version, path, viewer: request.user });
      return reply
        .header('content-type', asset.contentType)
        .header('cache-control', `${asset.restricted ? 'private' : 'public'}, ${IMMUTABLE}`)
        .send(asset.body);
    },
  );
}
