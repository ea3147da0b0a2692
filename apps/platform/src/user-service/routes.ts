import {
  AVATAR_MAX_BYTES,
  bindWalletBodySchema,
  bindWalletResponseSchema,
  emailStartBodySchema,
  emailVerifyBodySchema,
  nonceResponseSchema,
  ownerSetupBodySchema,
  profileResponseSchema,
  sessionResponseSchema,
  signedInResponseSchema,
  updateAvatarBodySchema,
  updateProfileBodySchema,
  walletSignInBodySchema,
} from '@bazaar/schemas';
import { requireUser, useZod } from '@bazaar/server-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PlatformLimits } from '../limits.ts';
import { clientAddress, signInRateLimit } from '../request-limits.ts';
import { resizeAvatarImage } from './avatar-image.ts';
import {
  AVATAR_DEFAULT_SIZE,
  AVATAR_MAX_SIZE,
  findAvatarPicture,
  refuseAvatar,
  removeAvatar,
  saveAvatar,
} from './avatar.ts';
import { startEmailSignIn, verifyEmailSignIn } from './email-code.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.ts';
import { updateProfile } from './profile.ts';
import { endSession, type UserServiceDeps } from './service.ts';
import { claimOwnership } from './setup-code.ts';
import { issueNonce, verifyWalletSignIn } from './siwe.ts';
import { bindWallet } from './wallet-binding.ts';

/** An address without the picture's current version may show another picture after an upload. */
const AVATAR_MAX_AGE_SECONDS = 3_600;
/** An address with the current version (`?v=`) always shows the same picture. */
const AVATAR_VERSIONED_MAX_AGE_SECONDS = 365 * 24 * 3_600;
/** Room for a data URL of AVATAR_MAX_BYTES (base64 writes 3 bytes as 4 characters) and its JSON. */
const AVATAR_BODY_LIMIT_BYTES = Math.ceil(AVATAR_MAX_BYTES / 3) * 4 + 1_024;

/** Whether the browser's `If-None-Match` names `etag` (compared weakly, as RFC 9110 says). */
function holdsCurrentCopy(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

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

    zapp.put(
      '/profile',
      { schema: { body: updateProfileBodySchema, response: { 200: profileResponseSchema } } },
      async (request) => {
        const { did } = requireUser(request);
        return { user: await updateProfile(deps, { userDid: did, fullName: request.body.fullName }) };
      },
    );

    zapp.put(
      '/avatar',
      {
        schema: { body: updateAvatarBodySchema, response: { 200: profileResponseSchema } },
        bodyLimit: AVATAR_BODY_LIMIT_BYTES,
        // Decoding a picture costs far more than any other request, so uploads get the stricter
        // budget of the sign-in routes.
        config: signIn,
        // A guest is turned away before a byte of the upload is read.
        onRequest: async (request) => {
          requireUser(request);
        },
        // Fastify refuses a body past the limit before the schema runs; to the person it is a
        // picture too large all the same, and the page words it so.
        errorHandler: (error) => {
          throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? refuseAvatar('AVATAR_TOO_LARGE') : error;
        },
      },
      async (request) => {
        const { did } = requireUser(request);
        return { user: await saveAvatar(deps, { userDid: did, image: request.body.image }) };
      },
    );

    zapp.delete('/avatar', { schema: { response: { 200: profileResponseSchema } } }, async (request) => {
      const { did } = requireUser(request);
      return { user: await removeAvatar(deps, did) };
    });

    // Public, as avatars are pictures shown to anyone; a DID that is nobody's answers just like a
    // user who uploaded nothing (its identicon), so the address tells no one who has an account.
    zapp.get(
      '/avatar/:did',
      {
        schema: {
          params: z.object({ did: z.string().min(1).max(200) }),
          querystring: z.object({
            size: z.coerce.number().int().min(16).max(AVATAR_MAX_SIZE).default(AVATAR_DEFAULT_SIZE),
            v: z.string().max(100).optional(),
          }),
        },
      },
      async (request, reply) => {
        const { size, v: version } = request.query;
        const picture = await findAvatarPicture(deps.db, { did: request.params.did, size });
        if (picture.kind === 'identicon') {
          return reply
            .header('content-type', 'image/svg+xml')
            .header('cache-control', `public, max-age=${AVATAR_MAX_AGE_SECONDS}`)
            .send(picture.svg);
        }
        // The stored bytes and the size decide the drawing, so the pair is a strong validator.
        const etag = `"${picture.version}-${size}"`;
        const maxAge =
          version === picture.version
            ? `${AVATAR_VERSIONED_MAX_AGE_SECONDS}, immutable`
            : `${AVATAR_MAX_AGE_SECONDS}`;
        reply.header('etag', etag).header('cache-control', `public, max-age=${maxAge}`);
        if (holdsCurrentCopy(request.headers['if-none-match'], etag)) return reply.status(304).send();
        return reply.header('content-type', 'image/webp').send(await resizeAvatarImage(picture, size));
      },
    );
  };
}
