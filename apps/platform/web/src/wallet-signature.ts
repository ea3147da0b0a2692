import type { SessionUser } from '@bazaar/schemas';
import { BaseError, createWalletClient, custom, UserRejectedRequestError, type EIP1193Provider } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { fetchNonce, signInWithWallet } from './api.ts';

const MESSAGE_LIFETIME_MS = 5 * 60_000;

/** Asks the wallet for an account and a signature over an EIP-4361 message for this site. */
export async function signInWithProvider(provider: EIP1193Provider, statement: string): Promise<SessionUser> {
  const client = createWalletClient({ transport: custom(provider) });
  const [address] = await client.requestAddresses();
  if (!address) throw new UserRejectedRequestError(new Error('No account was shared'));
  const now = new Date();
  const message = createSiweMessage({
    domain: window.location.host,
    address,
    statement,
    uri: window.location.origin,
    version: '1',
    chainId: await client.getChainId(),
    nonce: await fetchNonce(),
    issuedAt: now,
    expirationTime: new Date(now.getTime() + MESSAGE_LIFETIME_MS),
  });
  const signature = await client.signMessage({ account: address, message });
  return signInWithWallet(message, signature);
}

export function isUserRejection(error: unknown): boolean {
  return (
    error instanceof BaseError && Boolean(error.walk((cause) => cause instanceof UserRejectedRequestError))
  );
}
