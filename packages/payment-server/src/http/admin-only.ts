import { requireRole } from '@bazaar/server-kit';
import type { FastifyRequest } from 'fastify';
import { ADMIN_ROLES } from '../admins.ts';

/**
 * Route options for admin routes. The check runs on request, before the body is validated, so a
 * member learns nothing about the API from validation errors.
 */
export const adminOnly = {
  onRequest: async (request: FastifyRequest) => {
    requireRole(request, ADMIN_ROLES);
  },
};
