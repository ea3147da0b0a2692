import { BaseError, createWalletClient, custom, defineChain, SwitchChainError, type Chain } from 'viem';
import type { WalletProvider } from './provider.ts';

export interface ChainSpec {
  chainId: number;
  rpcUrl: string;
  /** How the wallet lists the network when it has to add it. */
  name: string;
  /** The native coin's symbol; ETH (18 decimals) when not given. */
  nativeSymbol?: string;
}

export function toViemChain(spec: ChainSpec): Chain {
  const symbol = spec.nativeSymbol ?? 'ETH';
  return defineChain({
    id: spec.chainId,
    name: spec.name,
    nativeCurrency: { name: symbol, symbol, decimals: 18 },
    rpcUrls: { default: { http: [spec.rpcUrl] } },
  });
}

/**
 * Puts the wallet on the chain, adding the chain first when the wallet has never seen it
 * (EIP-3326's 4902 answer to the switch); the wallet asks the person to approve each step.
 */
export async function ensureChain(provider: WalletProvider, spec: ChainSpec): Promise<void> {
  const client = createWalletClient({ transport: custom(provider) });
  try {
    await client.switchChain({ id: spec.chainId });
  } catch (error) {
    const isUnknownChain =
      error instanceof BaseError && Boolean(error.walk((cause) => cause instanceof SwitchChainError));
    if (!isUnknownChain) throw error;
    await client.addChain({ chain: toViemChain(spec) });
    await client.switchChain({ id: spec.chainId });
  }
}
