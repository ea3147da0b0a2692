import type { Role, SessionUser } from '@bazaar/schemas';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved by the platform's user service from the session cookie. */
    user: SessionUser | null;
  }
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Login to access this page');
  return request.user;
}

export function requireRole(request: FastifyRequest, roles: readonly Role[]): SessionUser {
  const user = requireUser(request);
  if (!user.passports.some((passport) => roles.includes(passport.role))) {
    throw new AppError('FORBIDDEN', 'Permission denied');
  }
  return user;
}
