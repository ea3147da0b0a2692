import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSessionResolver, SESSION_LIFETIME_SECONDS, type UserServiceDeps } from './service.ts';

export const SESSION_COOKIE = 'bazaar_session';

/** The raw session token from the signed cookie, or null when missing or tampered with. */
export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/**
 * Secure follows the public origin, not the request: behind a TLS-terminating proxy the request
 * reaching us is plain http, and the cookie must still never travel over plain http.
 */
function cookieAttributes(publicUrl: string) {
  return { httpOnly: true, sameSite: 'lax', secure: publicUrl.startsWith('https:'), path: '/' } as const;
}

export function setSessionCookie(
  reply: FastifyReply,
  deps: Pick<UserServiceDeps, 'publicUrl'>,
  token: string,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieAttributes(deps.publicUrl),
    signed: true,
    maxAge: SESSION_LIFETIME_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply, deps: Pick<UserServiceDeps, 'publicUrl'>): void {
  reply.clearCookie(SESSION_COOKIE, cookieAttributes(deps.publicUrl));
}

/** Resolves `request.user` for every route of every component from the session cookie. */
export function installSessionUser(app: FastifyInstance, deps: UserServiceDeps): void {
  const resolveSession = createSessionResolver(deps);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = readSessionToken(request);
    request.user = token ? await resolveSession(token) : null;
  });
}
