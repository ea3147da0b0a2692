import { useEffect, useEffectEvent } from 'react';
import { WALLET_BIND_RETRY_MS } from './wallet-machine.ts';

/**
 * Once a wallet is linked (`isLinked`), the payment runs again by itself WALLET_BIND_RETRY_MS
 * later. The pause runs once from the moment of linking, whatever renders meanwhile, and calls
 * the latest `retry`.
 */
export function useRetryAfterLinking(isLinked: boolean, retry: () => void) {
  const retryNow = useEffectEvent(retry);
  useEffect(() => {
    if (!isLinked) return;
    const timer = setTimeout(() => retryNow(), WALLET_BIND_RETRY_MS);
    return () => clearTimeout(timer);
  }, [isLinked]);
}
