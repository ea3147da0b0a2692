import type { AccessTokenScope } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { FastifyRequest } from 'fastify';
import type { StoreDeps } from '../../deps.ts';
import { authenticateAccessToken, type AuthenticatedAccessToken } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `accessTokenOnly`: whom the request's bearer token speaks for (null elsewhere). */
    storeAccessToken: AuthenticatedAccessToken | null;
  }
}

/**
 * The token of an `Authorization: Bearer …` header, or null without one. A bearer request
 * carries no session cookie, so the platform's cookie-origin guard has nothing to say about it;
 * the token is the whole of its authority.
 */
export function readBearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Route options for the CLI's routes: the request must carry a valid access token with `scope`
 * (UNAUTHENTICATED without one; the token's own codes otherwise). Runs before the body is read,
 * so an upload without a good token is refused before a byte of the bundle is taken.
 */
export function accessTokenOnly(deps: Pick<StoreDeps, 'db' | 'clock'>, scope: AccessTokenScope) {
  return {
    onRequest: async (request: FastifyRequest) => {
      const token = readBearerToken(request);
      if (!token)
        throw new AppError('UNAUTHENTICATED', 'An access token is required (Authorization: Bearer bzr_…)');
      request.storeAccessToken = await authenticateAccessToken(deps, token, { scope });
    },
  };
}

/** The token `accessTokenOnly` authenticated; only call it in such a route. */
export function currentAccessToken(request: FastifyRequest): AuthenticatedAccessToken {
  if (!request.storeAccessToken) throw new Error('currentAccessToken() outside an accessTokenOnly route');
  return request.storeAccessToken;
}
