import fastifyMultipart from '@fastify/multipart';
import {
  appCommentBodySchema,
  appCommentSchema,
  appDetailSchema,
  appDidParamSchema,
  appListItemSchema,
  appVersionActionResponseSchema,
  appVersionParamSchema,
  appVersionsResponseSchema,
  blockAppBodySchema,
  developerVersionActionBodySchema,
  listConsoleAppsQuerySchema,
  paginatedSchema,
  paginationQuerySchema,
  reviewAppBodySchema,
  storeAppSchema,
  updateAppBodySchema,
  uploadAppResponseSchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { StoreDeps } from '../../deps.ts';
import { blockAppAndSlash } from '../../flows/block-app.ts';
import { currentDeveloper, developerOnly, requireStoreAdmin, storeAdminOnly } from '../../http/guards.ts';
import { openApiForm } from '../../http/openapi.ts';
import { accessTokenOnly, currentAccessToken } from '../access-tokens/index.ts';
import { registerCatalogueRoutes } from './catalogue/routes.ts';
import { registerAppDetailRoutes } from './detail/routes.ts';
import { actOnVersion, reviewVersion } from './review.ts';
import {
  addComment,
  getConsoleApp,
  getDeveloperApp,
  listAppVersions,
  listConsoleApps,
  listDeveloperApps,
  unblockApp,
  updateApp,
} from './service.ts';
import { BUNDLE_FIELD, receiveBundleForm } from './upload-form.ts';
import { uploadBundle } from './upload.ts';

const tags = ['apps'];
const security = [{ accessToken: [] }];
const appParams = z.object({ did: appDidParamSchema });
const versionParams = z.object({ did: appDidParamSchema, version: appVersionParamSchema });

/**
 * Apps: the CLI uploads, publishes and reads with a bearer access token; a developer manages
 * their own apps signed in; Store admins review, block and comment.
 */
export function registerAppRoutes(app: ZodApp, deps: StoreDeps) {
  registerCliRoutes(app, deps);
  registerDeveloperAppRoutes(app, deps);
  registerConsoleAppRoutes(app, deps);
  registerAppDetailRoutes(app, deps);
  registerCatalogueRoutes(app, deps);
}

function registerCliRoutes(app: ZodApp, deps: StoreDeps) {
  // Multipart parsing only where a bundle is uploaded: every other route takes JSON.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { parts: 1, fields: 0, files: 1 } });
    scope.post(
      '/apps/upload',
      {
        ...accessTokenOnly(deps, 'upload'),
        config: openApiForm(
          z.object({
            [BUNDLE_FIELD]: z.string().meta({
              format: 'binary',
              description: "The bundle's gzip tarball (`bazaar bundle` makes one)",
            }),
          }),
        ),
        schema: {
          tags,
          security,
          description: `A bundle as multipart/form-data: one file field named "${BUNDLE_FIELD}" and nothing else, at most the Store's maxBundleSize (store.json).`,
          response: { 201: uploadAppResponseSchema },
        },
      },
      async (request, reply) => {
        const token = currentAccessToken(request);
        const answer = await uploadBundle(deps, {
          developerDid: token.developerDid,
          tokenId: token.tokenId,
          receive: (file, maxBytes) => receiveBundleForm(request, file, maxBytes),
        });
        return reply.status(201).send(answer);
      },
    );
  });
  app.post(
    '/apps/:did/versions/:version/publish',
    {
      ...accessTokenOnly(deps, 'publish'),
      schema: { tags, security, params: versionParams, response: { 200: appVersionActionResponseSchema } },
    },
    async (request) =>
      actOnVersion(deps, {
        appDid: request.params.did,
        version: request.params.version,
        action: 'publish',
        developerDid: currentAccessToken(request).developerDid,
      }),
  );
  app.get(
    '/apps/:did/versions',
    {
      ...accessTokenOnly(deps, 'read'),
      schema: { tags, security, params: appParams, response: { 200: appVersionsResponseSchema } },
    },
    async (request) =>
      listAppVersions(deps.db, {
        did: request.params.did,
        developerDid: currentAccessToken(request).developerDid,
      }),
  );
}

function registerDeveloperAppRoutes(app: ZodApp, deps: StoreDeps) {
  const forDevelopers = developerOnly(deps);
  app.get(
    '/developer/apps',
    {
      ...forDevelopers,
      schema: {
        tags,
        querystring: paginationQuerySchema,
        response: { 200: paginatedSchema(appListItemSchema) },
      },
    },
    async (request) => listDeveloperApps(deps, { ownerDid: currentDeveloper(request).did, ...request.query }),
  );
  app.get(
    '/developer/apps/:did',
    { ...forDevelopers, schema: { tags, params: appParams, response: { 200: appDetailSchema } } },
    async (request) =>
      getDeveloperApp(deps.db, { did: request.params.did, developerDid: currentDeveloper(request).did }),
  );
  app.put(
    '/developer/apps/:did',
    {
      ...forDevelopers,
      schema: { tags, params: appParams, body: updateAppBodySchema, response: { 200: storeAppSchema } },
    },
    async (request) =>
      updateApp(deps, {
        did: request.params.did,
        developerDid: currentDeveloper(request).did,
        changes: request.body,
      }),
  );
  app.put(
    '/developer/apps/:did/versions/:version',
    {
      ...forDevelopers,
      schema: {
        tags,
        params: versionParams,
        body: developerVersionActionBodySchema,
        response: { 200: appVersionActionResponseSchema },
      },
    },
    async (request) =>
      actOnVersion(deps, {
        appDid: request.params.did,
        version: request.params.version,
        action: request.body.action,
        developerDid: currentDeveloper(request).did,
      }),
  );
  app.post(
    '/developer/apps/:did/versions/:version/comments',
    {
      ...forDevelopers,
      schema: {
        tags,
        params: versionParams,
        body: appCommentBodySchema,
        response: { 200: appCommentSchema },
      },
    },
    async (request) =>
      addComment(deps, {
        ...request.params,
        body: request.body.body,
        author: { did: currentDeveloper(request).did, kind: 'developer' },
      }),
  );
}

function registerConsoleAppRoutes(app: ZodApp, deps: StoreDeps) {
  app.get(
    '/console/apps',
    {
      ...storeAdminOnly,
      schema: {
        tags,
        querystring: listConsoleAppsQuerySchema,
        response: { 200: paginatedSchema(appListItemSchema) },
      },
    },
    async (request) => listConsoleApps(deps, request.query),
  );
  app.get(
    '/console/apps/:did',
    { ...storeAdminOnly, schema: { tags, params: appParams, response: { 200: appDetailSchema } } },
    async (request) => getConsoleApp(deps.db, request.params.did),
  );
  app.put(
    '/console/apps/:did/review',
    {
      ...storeAdminOnly,
      schema: {
        tags,
        params: appParams,
        body: reviewAppBodySchema,
        response: { 200: appVersionActionResponseSchema },
      },
    },
    async (request) =>
      reviewVersion(deps, {
        appDid: request.params.did,
        body: request.body,
        adminDid: requireStoreAdmin(request).did,
      }),
  );
  app.put(
    '/console/apps/:did/block',
    {
      ...storeAdminOnly,
      schema: { tags, params: appParams, body: blockAppBodySchema, response: { 200: storeAppSchema } },
    },
    async (request) =>
      blockAppAndSlash(deps, {
        did: request.params.did,
        ...request.body,
        adminDid: requireStoreAdmin(request).did,
      }),
  );
  app.put(
    '/console/apps/:did/unblock',
    { ...storeAdminOnly, schema: { tags, params: appParams, response: { 200: storeAppSchema } } },
    async (request) => unblockApp(deps, request.params.did),
  );
  app.post(
    '/console/apps/:did/versions/:version/comments',
    {
      ...storeAdminOnly,
      schema: {
        tags,
        params: versionParams,
        body: appCommentBodySchema,
        response: { 200: appCommentSchema },
      },
    },
    async (request) =>
      addComment(deps, {
        ...request.params,
        body: request.body.body,
        author: { did: requireStoreAdmin(request).did, kind: 'admin' },
      }),
  );
}
