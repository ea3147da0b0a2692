import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  createInvitationBodySchema,
  createInvitationResponseSchema,
  developerHistoryEntrySchema,
  developerMeResponseSchema,
  invitationIdSchema,
  invitationSchema,
  listDevelopersQuerySchema,
  listInvitationsQuerySchema,
  openStakeResponseSchema,
  storeStakeSchema,
  paginatedSchema,
  storeDeveloperSchema,
  updateDeveloperBodySchema,
  userDidSchema,
} from '@bazaar/schemas';
import { requireUser, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { StoreDeps } from '../../deps.ts';
import { openStakeCheckout } from '../../flows/join-by-staking.ts';
import { leaveStore } from '../../flows/leave-store.ts';
import { requireStoreAdmin, signedInOnly, storeAdminOnly } from '../../http/guards.ts';
import { acceptInvitation, cancelInvitation, createInvitation, listInvitations } from './invitations.ts';
import { getDeveloperMe, listDeveloperHistory, listDevelopers, setDeveloperStatus } from './service.ts';

const tags = ['developers'];
const didParams = z.object({ did: userDidSchema });

/**
 * Developers and invitations. Signed-in users read their own record, accept an invitation, pay
 * a stake to join (staking mode) and leave to get it back; Store admins invite, list, enable and
 * revoke.
 */
export function registerDeveloperRoutes(app: ZodApp, deps: StoreDeps) {
  app.get(
    '/developer/me',
    { ...signedInOnly, schema: { tags, response: { 200: developerMeResponseSchema } } },
    async (request) => getDeveloperMe(deps.db, requireUser(request).did),
  );
  app.post(
    '/developer/stake',
    { ...signedInOnly, schema: { tags, response: { 200: openStakeResponseSchema } } },
    async (request) => openStakeCheckout(deps, requireUser(request)),
  );
  app.post(
    '/developer/leave',
    {
      ...signedInOnly,
      schema: {
        tags,
        response: { 200: z.object({ developer: storeDeveloperSchema, stake: storeStakeSchema.nullable() }) },
      },
    },
    async (request) => leaveStore(deps, requireUser(request).did),
  );
  app.post(
    '/developer/invitations/accept',
    {
      ...signedInOnly,
      schema: { tags, body: acceptInvitationBodySchema, response: { 200: acceptInvitationResponseSchema } },
    },
    async (request) => ({
      developer: await acceptInvitation(deps, { token: request.body.token, user: requireUser(request) }),
    }),
  );

  app.post(
    '/console/invitations',
    {
      ...storeAdminOnly,
      schema: { tags, body: createInvitationBodySchema, response: { 200: createInvitationResponseSchema } },
    },
    async (request) => createInvitation(deps, { ...request.body, invitedBy: requireStoreAdmin(request).did }),
  );
  app.get(
    '/console/invitations',
    {
      ...storeAdminOnly,
      schema: {
        tags,
        querystring: listInvitationsQuerySchema,
        response: { 200: paginatedSchema(invitationSchema) },
      },
    },
    async (request) => listInvitations(deps, request.query),
  );
  app.delete(
    '/console/invitations/:id',
    {
      ...storeAdminOnly,
      schema: { tags, params: z.object({ id: invitationIdSchema }), response: { 200: invitationSchema } },
    },
    async (request) => cancelInvitation(deps, request.params.id),
  );

  app.get(
    '/console/developers',
    {
      ...storeAdminOnly,
      schema: {
        tags,
        querystring: listDevelopersQuerySchema,
        response: { 200: paginatedSchema(storeDeveloperSchema) },
      },
    },
    async (request) => listDevelopers(deps.db, request.query),
  );
  app.put(
    '/console/developers/:did',
    {
      ...storeAdminOnly,
      schema: {
        tags,
        params: didParams,
        body: updateDeveloperBodySchema,
        response: { 200: storeDeveloperSchema },
      },
    },
    async (request) =>
      setDeveloperStatus(deps, {
        did: request.params.did,
        change: request.body,
        actorDid: requireStoreAdmin(request).did,
      }),
  );
  app.get(
    '/console/developers/:did/history',
    {
      ...storeAdminOnly,
      schema: {
        tags,
        params: didParams,
        response: { 200: z.object({ list: z.array(developerHistoryEntrySchema) }) },
      },
    },
    async (request) => ({ list: await listDeveloperHistory(deps.db, request.params.did) }),
  );
}
