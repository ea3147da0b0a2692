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
  await insertNonce(deps.db, nonce, now + NONCE_LIFETIME_SECONDS);
  return nonce;
}

export function walletDid(chainId: number, address: string): string {
  return `did:pkh:eip155:${chainId}:${getAddress(address)}`;
}

export interface SignedMessage {
  message: string;
  signature: string;
}

/** Whether the message's `uri` is an address on the public origin. */
function isOnOrigin(uri: string | undefined, origin: string): boolean {
  if (!uri || !URL.canParse(uri)) return false;
  return new URL(uri).origin === origin;
}

/**
 * The checks every EIP-4361 message passes, for sign-in and wallet binding alike: it must name
 * our public origin (its `domain` our host, its `uri` an address of ours; never the request's
 * Host header, which a phishing site posting a message signed for itself would set to its own),
 * be inside its validity window, carry a nonce we issued and have not seen used, and be signed
 * by the address it names. Signatures are checked offline, so this accepts externally owned
 * accounts. The nonce is spent last, so a bad signature cannot burn it.
 */
export async function verifySignedMessage(
  deps: UserServiceDeps,
  input: SignedMessage,
): Promise<{ address: Address; chainId: number }> {
  const fields = parseSiweMessage(input.message);
  const { address, chainId, nonce } = fields;
  const isValid =
    validateSiweMessage({
      message: fields,
      domain: new URL(deps.publicUrl).host,
      time: new Date(deps.clock.now() * 1000),
    }) && isOnOrigin(fields.uri, deps.publicUrl);
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
