import { AppError } from '@bazaar/server-kit';
import { getAddress, isHex, verifyMessage } from 'viem';
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

export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/**
 * Signs in with an EIP-4361 message: it must be for this host, inside its validity window,
 * carry a nonce we issued and have not seen used, and be signed by the address it names.
 * Signatures are checked offline, so this accepts externally owned accounts.
 */
export async function verifyWalletSignIn(
  deps: UserServiceDeps,
  input: { message: string; signature: string; domain: string },
): Promise<IssuedSession> {
  const fields = parseSiweMessage(input.message);
  const { address, chainId, nonce } = fields;
  const isValid = validateSiweMessage({
    message: fields,
    domain: input.domain,
    time: new Date(deps.clock.now() * 1000),
  });
  if (!isValid || !address || !chainId || !nonce || !isHex(input.signature)) {
    throw new AppError('AUTH_FAILED', 'The sign-in message is not valid for this site or has expired');
  }
  const isSigned = await verifyMessage({ address, message: input.message, signature: input.signature }).catch(
    () => false,
  );
  if (!isSigned) throw new AppError('AUTH_FAILED', 'The signature does not match the address');
  if (!(await consumeNonce(deps.db, nonce, deps.clock.now()))) {
    throw new AppError('AUTH_FAILED', 'The sign-in nonce is unknown, used or expired');
  }

  const walletAddress = getAddress(address);
  const user = await findOrCreateUser(deps, () => findUserByWallet(deps.db, walletAddress), {
    did: walletDid(chainId, walletAddress),
    name: shortAddress(walletAddress),
    email: null,
    wallet_address: walletAddress,
  });
  return startSession(deps, user);
}
