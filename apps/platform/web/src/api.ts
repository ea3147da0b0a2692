import { callUserService } from '@bazaar/platform-shell';
import {
  nonceResponseSchema,
  sessionResponseSchema,
  signedInResponseSchema,
  type Locale,
  type SessionUser,
} from '@bazaar/schemas';

export async function startEmailSignIn(email: string, locale: Locale): Promise<void> {
  await callUserService('POST', '/auth/email/start', { email, locale });
}

export async function verifyEmailCode(email: string, code: string): Promise<SessionUser> {
  return signedInResponseSchema.parse(await callUserService('POST', '/auth/email/verify', { email, code }))
    .user;
}

export async function fetchNonce(): Promise<string> {
  return nonceResponseSchema.parse(await callUserService('GET', '/auth/nonce')).nonce;
}

export async function signInWithWallet(message: string, signature: string): Promise<SessionUser> {
  return signedInResponseSchema.parse(await callUserService('POST', '/auth/wallet', { message, signature }))
    .user;
}

export async function fetchSessionUser(): Promise<SessionUser | null> {
  return sessionResponseSchema.parse(await callUserService('GET', '/session')).user;
}

/** Presents the live-mode setup code; answers the signed-in user, now the owner. */
export async function claimOwnership(code: string): Promise<SessionUser> {
  return signedInResponseSchema.parse(await callUserService('POST', '/setup', { code })).user;
}
