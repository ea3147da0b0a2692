import {
  bindWalletBodySchema,
  bindWalletResponseSchema,
  emailStartBodySchema,
  emailVerifyBodySchema,
  nonceResponseSchema,
  ownerSetupBodySchema,
  sessionResponseSchema,
  signedInResponseSchema,
  walletSignInBodySchema,
} from '@bazaar/schemas';
import { requireUser, useZod } from '@bazaar/server-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PlatformLimits } from '../limits.ts';
import { clientAddress, signInRateLimit } from '../request-limits.ts';
import { AVATAR_DEFAULT_SIZE, AVATAR_MAX_SIZE, renderIdenticon } from './avatar.ts';
import { startEmailSignIn, verifyEmailSignIn } from './email-code.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.ts';
import { endSession, type UserServiceDeps } from './service.ts';
import { claimOwnership } from './setup-code.ts';
import { issueNonce, verifyWalletSignIn } from './siwe.ts';
import { bindWallet } from './wallet-binding.ts';

const AVATAR_MAX_AGE_SECONDS = 24 * 3_600;

/** The user service's HTTP routes; the platform mounts them at `/.well-known/service/user`. */
export function userServiceRoutes(deps: UserServiceDeps & { limits: PlatformLimits }): FastifyPluginAsync {
  return async (app) => {
    const zapp = useZod(app);
    const signIn = { rateLimit: signInRateLimit(deps.limits) };

    zapp.get(
      '/auth/nonce',
      { schema: { response: { 200: nonceResponseSchema } }, config: signIn },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { nonce: await issueNonce(deps) };
      },
    );

    zapp.post(
      '/auth/wallet',
      { schema: { body: walletSignInBodySchema, response: { 200: signedInResponseSchema } }, config: signIn },
      async (request, reply) => {
        const session = await verifyWalletSignIn(deps, request.body);
        setSessionCookie(reply, deps, session.token);
        return { user: session.user };
      },
    );

    zapp.post(
      '/wallet',
      { schema: { body: bindWalletBodySchema, response: { 200: bindWalletResponseSchema } }, config: signIn },
      async (request) => {
        const { did } = requireUser(request);
        return { user: await bindWallet(deps, { ...request.body, userDid: did }) };
      },
    );

    zapp.post(
      '/setup',
      { schema: { body: ownerSetupBodySchema, response: { 200: signedInResponseSchema } }, config: signIn },
      async (request) => {
        const { did } = requireUser(request);
        return { user: await claimOwnership(deps, { userDid: did, code: request.body.code }) };
      },
    );

    zapp.post(
      '/auth/email/start',
      { schema: { body: emailStartBodySchema }, config: signIn },
      async (request, reply) => {
        await startEmailSignIn(deps, { ...request.body, clientAddress: clientAddress(request) });
        return reply.status(204).send();
      },
    );

    zapp.post(
      '/auth/email/verify',
      { schema: { body: emailVerifyBodySchema, response: { 200: signedInResponseSchema } }, config: signIn },
      async (request, reply) => {
        const session = await verifyEmailSignIn(deps, request.body);
        setSessionCookie(reply, deps, session.token);
        return { user: session.user };
      },
    );

    zapp.get('/session', { schema: { response: { 200: sessionResponseSchema } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.user };
    });

    zapp.post('/logout', async (request, reply) => {
      const token = readSessionToken(request);
      if (token) await endSession(deps, token);
      clearSessionCookie(reply, deps);
      return reply.status(204).send();
    });

    zapp.get(
      '/avatar/:did',
      {
        schema: {
          params: z.object({ did: z.string().min(1).max(200) }),
          querystring: z.object({
            size: z.coerce.number().int().min(16).max(AVATAR_MAX_SIZE).default(AVATAR_DEFAULT_SIZE),
          }),
        },
      },
      async (request, reply) => {
        return reply
          .header('content-type', 'image/svg+xml')
          .header('cache-control', `public, max-age=${AVATAR_MAX_AGE_SECONDS}`)
          .send(renderIdenticon(request.params.did, request.query.size));
      },
    );
  };
}
