import { BaseError, UserRejectedRequestError, type EIP1193Provider } from 'viem';

declare global {
  interface Window {
    ethereum?: EIP1193Provider;
  }
}

/** What this package asks of a wallet: EIP-1193's `request`, which the test wallet answers too. */
export type WalletProvider = Pick<EIP1193Provider, 'request'>;

/** The wallet the browser injected as `window.ethereum`, or null when there is none. */
export function injectedProvider(): EIP1193Provider | null {
  return typeof window === 'undefined' ? null : (window.ethereum ?? null);
}

/** True when the person declined in their wallet (EIP-1193 code 4001), however deep viem wrapped it. */
export function isUserRejection(error: unknown): boolean {
  return (
    error instanceof BaseError && Boolean(error.walk((cause) => cause instanceof UserRejectedRequestError))
  );
}
