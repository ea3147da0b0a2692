import { isChainMethodType } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { getAddress, type Address, type Hex } from 'viem';
import { z } from 'zod';
import { readJson } from '../../db/json.ts';
import type { PaymentDeps } from '../../deps.ts';
import { vaultAddress as vaultAddressOf, type EvmChain } from '../../providers/evm-chain.ts';
import type { PaymentCurrencyRow, PaymentMethodRow } from '../payment-methods/repository.ts';

/**
 * How long a checkout stays open once a chain payment for it is on its way, so the session
 * sweeper does not expire a session whose money is about to arrive.
 */
export const CHAIN_CONFIRMATION_WINDOW_SECONDS = 3_600;

const storedEvmSettings = z.object({
  chain_id: z.number(),
  api_host: z.string(),
  explorer_host: z.string(),
  confirmations: z.number().default(1),
  secret_key: z.string().optional(),
});

/** A chain method as the server uses it: where its chain is, and the vault that is paid. */
export interface ChainMethod {
  id: string;
  name: string;
  chainId: number;
  rpcUrl: string;
  explorerHost: string;
  confirmations: number;
  vault: Address;
  vaultKey: Hex;
  livemode: boolean;
}

export function isChainMethod(row: Pick<PaymentMethodRow, 'type'>): boolean {
  return isChainMethodType(row.type);
}

/** The chain a method's payments are made on and its explorer, whether or not it can take payments now. */
export function chainOf(row: PaymentMethodRow): { chainId: number; explorerHost: string } {
  const settings = readJson(storedEvmSettings, row.settings);
  return { chainId: settings.chain_id, explorerHost: settings.explorer_host };
}

const unavailable = () => new AppError('PAYMENT_METHOD_UNAVAILABLE', 'This payment method is not supported');

/** The method's chain and vault; a method without a vault key cannot take payments. */
export function toChainMethod(row: PaymentMethodRow): ChainMethod {
  if (!isChainMethod(row)) throw unavailable();
  const settings = readJson(storedEvmSettings, row.settings);
  if (!settings.secret_key) throw unavailable();
  const vaultKey = settings.secret_key as Hex;
  return {
    id: row.id,
    name: row.name,
    chainId: settings.chain_id,
    rpcUrl: settings.api_host,
    explorerHost: settings.explorer_host,
    confirmations: settings.confirmations,
    vault: vaultAddressOf(vaultKey),
    vaultKey,
    livemode: row.livemode === 1,
  };
}

/** Chain currencies are ERC-20 tokens; a native coin cannot be pulled or matched by its logs. */
export function tokenOf(currency: Pick<PaymentCurrencyRow, 'contract'>): Address {
  if (!currency.contract) throw unavailable();
  return getAddress(currency.contract);
}

export function connectChain(deps: Pick<PaymentDeps, 'chains'>, method: ChainMethod): EvmChain {
  return deps.chains.connect({ chainId: method.chainId, rpcUrl: method.rpcUrl });
}

/** The key nonces are handed out under: one sequence per vault per chain. */
export function vaultNonceKey(method: ChainMethod): string {
  return `${method.chainId}:${method.vault}`;
}
