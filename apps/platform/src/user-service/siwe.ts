import { AppError } from '@bazaar/server-kit';
import { shortAddress } from '@bazaar/schemas';
import { getAddress, isHex, verifyMessage, type Address } from 'viem';
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { consumeNonce, findUserByWallet, insertNonce } from './repository.ts';
import { findOrCreateUser, startSession, type IssuedSession, type UserServiceDeps } from './service.ts';

export const NONCE_LIFETIME_SECONDS = 10 * 60;

export async function issueNonce(deps: UserServiceDeps): Promise<string> {
  const now = deps.clock.now();
  const nonce = generateSiweNonce();
  await insertNonce(deps.db, nonce, now + NONCE_LIFETIME_SECONDS, now);
  return nonce;
}

export function walletDid(chainId: number, address: string): string {
  return `did:pkh:eip155:${chainId}:${getAddress(address)}`;
}

export interface SignedMessage {
  message: string;
  signature: string;
  /** The host the request came to; the message must name it. */
  domain: string;
}

/**
 * The checks every EIP-4361 message passes, for sign-in and wallet binding alike: it must be
 * for this host, inside its validity window, carry a nonce we issued and have not seen used,
 * and be signed by the address it names. Signatures are checked offline, so this accepts
 * externally owned accounts. The nonce is spent last, so a bad signature cannot burn it.
 */
export async function verifySignedMessage(
  deps: UserServiceDeps,
  input: SignedMessage,
): Promise<{ address: Address; chainId: number }> {
  const fields = parseSiweMessage(input.message);
  const { address, chainId, nonce } = fields;
  const isValid = validateSiweMessage({
    message: fields,
    domain: input.domain,
    time: new Date(deps.clock.now() * 1000),
  });
  if (!isValid || !address || !chainId || !nonce || !isHex(input.signature)) {
    throw new AppError('AUTH_FAILED', 'The signed message is not valid for this site or has expired');
  }
  const isSigned = await verifyMessage({ address, message: input.message, signature: input.signature }).catch(
    () => false,
  );
  if (!isSigned) throw new AppError('AUTH_FAILED', 'The signature does not match the address');
  if (!(await consumeNonce(deps.db, nonce, deps.clock.now()))) {
    throw new AppError('AUTH_FAILED', 'The nonce is unknown, used or expired');
  }
  return { address: getAddress(address), chainId };
}

/** Signs in with an EIP-4361 message as the user of its wallet, made on first sign-in. */
export async function verifyWalletSignIn(
  deps: UserServiceDeps,
  input: SignedMessage,
): Promise<IssuedSession> {
  const { address, chainId } = await verifySignedMessage(deps, input);
  const user = await findOrCreateUser(deps, () => findUserByWallet(deps.db, address), {
    did: walletDid(chainId, address),
    name: shortAddress(address),
    email: null,
    wallet_address: address,
  });
  return startSession(deps, user);
}
