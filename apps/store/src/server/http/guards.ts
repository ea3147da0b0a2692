import { STORE_ADMIN_ROLES, type SessionUser, type StoreDeveloper } from '@bazaar/schemas';
import { requireRole, requireUser } from '@bazaar/server-kit';
import type { FastifyRequest } from 'fastify';
import type { StoreDeps } from '../deps.ts';
import { requireEnabledDeveloper } from '../modules/developers/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's developer record, set by `developerOnly` (null elsewhere). */
    storeDeveloper: StoreDeveloper | null;
  }
}

/**
 * The guards run on request, before the body is validated, so a caller who may not use a route
 * learns nothing about it from validation errors. Guests get 401 (UNAUTHENTICATED), signed-in
 * users without the right 403.
 */

/** A platform owner or admin, else 401/403. */
export function requireStoreAdmin(request: FastifyRequest): SessionUser {
  return requireRole(request, STORE_ADMIN_ROLES);
}

/** Route options: Store admins only. */
export const storeAdminOnly = {
  onRequest: async (request: FastifyRequest) => {
    requireStoreAdmin(request);
  },
};

/** Route options: any signed-in user. */
export const signedInOnly = {
  onRequest: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

/**
 * The signed-in user's enabled developer record: 401 for a guest, 403 DEVELOPER_REQUIRED without
 * a record ("You have no valid Developer NFT..."), 403 DEVELOPER_REVOKED once revoked.
 */
export async function requireDeveloper(
  deps: Pick<StoreDeps, 'db'>,
  request: FastifyRequest,
): Promise<StoreDeveloper> {
  const user = requireUser(request);
  return requireEnabledDeveloper(deps.db, user.did);
}

/** Route options: enabled developers only; the handler reads `request.storeDeveloper`. */
export function developerOnly(deps: Pick<StoreDeps, 'db'>) {
  return {
    onRequest: async (request: FastifyRequest) => {
      request.storeDeveloper = await requireDeveloper(deps, request);
    },
  };
}

/** The developer `developerOnly` found; only call it in such a route. */
export function currentDeveloper(request: FastifyRequest): StoreDeveloper {
  if (!request.storeDeveloper) throw new Error('currentDeveloper() outside a developerOnly route');
  return request.storeDeveloper;
}
