import { createWalletClient, custom, UserRejectedRequestError, type Hex } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { WalletProvider } from './provider.ts';

const MESSAGE_LIFETIME_MS = 5 * 60_000;

/**
 * Asks the wallet for its account and a signature over an EIP-4361 message for this site, to
 * sign in with or to bind the wallet: `nonce` comes from the user service's `/auth/nonce`.
 */
export async function signInMessage(
  provider: WalletProvider,
  input: { statement: string; nonce: string },
): Promise<{ message: string; signature: Hex }> {
  const client = createWalletClient({ transport: custom(provider) });
  const [address] = await client.requestAddresses();
  if (!address) throw new UserRejectedRequestError(new Error('No account was shared'));
  const now = new Date();
  const message = createSiweMessage({
    domain: window.location.host,
    address,
    statement: input.statement,
    uri: window.location.origin,
    version: '1',
    chainId: await client.getChainId(),
    nonce: input.nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + MESSAGE_LIFETIME_MS),
  });
  return { message, signature: await client.signMessage({ account: address, message }) };
}
