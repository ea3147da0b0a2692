import type { Role } from '@bazaar/schemas';
import { requireRole } from '@bazaar/server-kit';
import type { FastifyRequest } from 'fastify';

/** Who may administer the Payment Kit (DESIGN.md, Roles): owners, admins and platform developers. */
export const ADMIN_ROLES: readonly Role[] = ['owner', 'admin', 'developer'];

/**
 * Route options for admin routes. The check runs on request, before the body is validated, so a
 * member learns nothing about the API from validation errors.
 */
export const adminOnly = {
  onRequest: async (request: FastifyRequest) => {
    requireRole(request, ADMIN_ROLES);
  },
};
