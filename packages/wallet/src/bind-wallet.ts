import {
  bindWalletResponseSchema,
  isErrorEnvelope,
  nonceResponseSchema,
  type ErrorCode,
  type SessionUser,
} from '@bazaar/schemas';
import type { WalletProvider } from './provider.ts';
import { signInMessage } from './sign-in-message.ts';

/** A failed call to the user service: `code` is the server's error code (null when it sent none). */
export class WalletApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;

  constructor(status: number, code: ErrorCode | null, message: string) {
    super(message);
    this.name = 'WalletApiError';
    this.status = status;
    this.code = code;
  }
}

async function callUserService(url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return payload;
  if (isErrorEnvelope(payload)) {
    throw new WalletApiError(response.status, payload.error.code, payload.error.message);
  }
  throw new WalletApiError(response.status, null, `HTTP ${response.status}`);
}

/**
 * Binds the wallet to the signed-in user: the wallet signs an EIP-4361 message over a fresh
 * nonce and the user service (at `userServiceBase`, e.g. `/.well-known/service/user`) records
 * its address. Answers the user with `walletAddress` set; throws a `WalletApiError` with the
 * server's code (WALLET_IN_USE, WALLET_ALREADY_BOUND, …) when the service refuses.
 */
export async function bindWallet(
  provider: WalletProvider,
  input: { userServiceBase: string; statement: string },
): Promise<SessionUser> {
  const { nonce } = nonceResponseSchema.parse(await callUserService(`${input.userServiceBase}/auth/nonce`));
  const signed = await signInMessage(provider, { statement: input.statement, nonce });
  return bindWalletResponseSchema.parse(await callUserService(`${input.userServiceBase}/wallet`, signed))
    .user;
}
