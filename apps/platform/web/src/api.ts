import {
  isErrorEnvelope,
  nonceResponseSchema,
  sessionResponseSchema,
  signedInResponseSchema,
  USER_SERVICE_PATH,
  type ErrorCode,
  type Locale,
  type SessionUser,
} from '@bazaar/schemas';

/** A failed call: `code` is the server's error code, or `network` when it was not reached. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'network';

  constructor(code: ErrorCode | 'network', message: string) {
    super(message);
    this.code = code;
  }
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${USER_SERVICE_PATH}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError('network', String(error));
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return payload;
  if (isErrorEnvelope(payload)) throw new ApiError(payload.error.code, payload.error.message);
  throw new ApiError('network', `HTTP ${response.status}`);
}

export async function startEmailSignIn(email: string, locale: Locale): Promise<void> {
  await call('POST', '/auth/email/start', { email, locale });
}

export async function verifyEmailCode(email: string, code: string): Promise<SessionUser> {
  return signedInResponseSchema.parse(await call('POST', '/auth/email/verify', { email, code })).user;
}

export async function fetchNonce(): Promise<string> {
  return nonceResponseSchema.parse(await call('GET', '/auth/nonce')).nonce;
}

export async function signInWithWallet(message: string, signature: string): Promise<SessionUser> {
  return signedInResponseSchema.parse(await call('POST', '/auth/wallet', { message, signature })).user;
}

export async function fetchSessionUser(): Promise<SessionUser | null> {
  return sessionResponseSchema.parse(await call('GET', '/session')).user;
}

/** Presents the live-mode setup code; answers the signed-in user, now the owner. */
export async function claimOwnership(code: string): Promise<SessionUser> {
  return signedInResponseSchema.parse(await call('POST', '/setup', { code })).user;
}
