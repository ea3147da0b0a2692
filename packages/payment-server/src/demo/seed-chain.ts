import type { DevChain } from '@bazaar/dev-chain';
import { isAddressEqual, type Address } from 'viem';
import { z } from 'zod';
import { readJson } from '../db/json.ts';
import type { PaymentDeps } from '../deps.ts';
import {
  findMethodRow,
  insertCurrencyIfMissing,
  insertMethodIfMissing,
  updateMethodRow,
} from '../modules/payment-methods/repository.ts';
import { findPriceRows, updatePriceRow } from '../modules/prices/repository.ts';
import { vaultAddress } from '../providers/evm-chain.ts';
import { DEMO } from './seed.ts';

/**
 * The demo's chain method: a test token on the local development chain `npm start` runs. The
 * vault is the chain's first public development account and the token is the first contract the
 * chain's last development account deploys, so both are the same on every start. These keys are
 * known to everyone: they only ever hold test tokens on a local chain.
 */
export const DEMO_CHAIN = {
  methodId: 'pm_demo_chain',
  currencyId: 'pc_demo_tusd',
  chainId: 31337,
  symbol: 'TUSD',
  decimals: 6,
  tokenAddress: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
  vaultKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
} as const;

/**
 * Deploys the demo's TUSD as the first contract on a fresh dev chain and checks that it landed
 * at `DEMO_CHAIN.tokenAddress`, where the demo method (and so every test and bench) expects it.
 */
export async function deployDemoToken(chain: Pick<DevChain, 'deployToken'>): Promise<Address> {
  const token = await chain.deployToken({
    name: 'Test USD',
    symbol: DEMO_CHAIN.symbol,
    decimals: DEMO_CHAIN.decimals,
  });
  if (!isAddressEqual(token, DEMO_CHAIN.tokenAddress)) {
    throw new Error(`The demo token landed at ${token}, not at ${DEMO_CHAIN.tokenAddress}`);
  }
  return token;
}

/** What each demo price asks in TUSD (6 decimals): the dollar amount, one token a dollar. */
const TUSD_AMOUNTS: Record<string, { unit_amount: string | null; custom_unit_amount: unknown }> = {
  [DEMO.licensePriceId]: { unit_amount: '19990000', custom_unit_amount: null },
  [DEMO.monthlyPriceId]: { unit_amount: '9990000', custom_unit_amount: null },
  [DEMO.yearlyPriceId]: { unit_amount: '99990000', custom_unit_amount: null },
  [DEMO.supportPriceId]: { unit_amount: '4990000', custom_unit_amount: null },
  [DEMO.donationPriceId]: {
    unit_amount: null,
    custom_unit_amount: {
      preset: '5000000',
      presets: ['1000000', '5000000', '10000000'],
      minimum: '1000000',
      maximum: '1000000000',
    },
  },
};

const currencyOptionsJson = z.array(z.object({ currency_id: z.string() }).loose());

/**
 * Adds the chain method, its TUSD currency and TUSD amounts on the demo prices, where missing.
 * The chain's address is this process's (`rpcUrl`), so it is written on every start.
 */
export async function seedDemoChain(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { rpcUrl: string },
): Promise<void> {
  const now = deps.clock.now();
  const common = { livemode: 0, created_at: now } as const;
  const settings = {
    chain_id: DEMO_CHAIN.chainId,
    api_host: input.rpcUrl,
    explorer_host: '',
    confirmations: 1,
    secret_key: DEMO_CHAIN.vaultKey,
    vault_address: vaultAddress(DEMO_CHAIN.vaultKey),
  };
  await deps.db.transaction().execute(async (db) => {
    await insertMethodIfMissing(db, {
      ...common,
      id: DEMO_CHAIN.methodId,
      type: 'ethereum',
      name: 'Local Ethereum',
      logo: '/payment-kit/methods/ethereum.svg',
      active: 1,
      settings: JSON.stringify(settings),
      default_currency_id: DEMO_CHAIN.currencyId,
    });
    await insertCurrencyIfMissing(db, {
      ...common,
      id: DEMO_CHAIN.currencyId,
      payment_method_id: DEMO_CHAIN.methodId,
      symbol: DEMO_CHAIN.symbol,
      name: 'Test USD',
      logo: '/payment-kit/currencies/tusd.svg',
      decimal: DEMO_CHAIN.decimals,
      maximum_precision: 2,
      active: 1,
      contract: DEMO_CHAIN.tokenAddress,
    });
    const method = await findMethodRow(db, DEMO_CHAIN.methodId);
    const stored = readJson(z.record(z.string(), z.unknown()), method!.settings);
    if (stored.api_host !== input.rpcUrl) {
      await updateMethodRow(db, DEMO_CHAIN.methodId, {
        settings: JSON.stringify({ ...stored, api_host: input.rpcUrl }),
      });
    }
    for (const row of await findPriceRows(db, Object.keys(TUSD_AMOUNTS))) {
      const options = readJson(currencyOptionsJson, row.currency_options);
      if (options.some((option) => option.currency_id === DEMO_CHAIN.currencyId)) continue;
      const tusd = TUSD_AMOUNTS[row.id]!;
      await updatePriceRow(db, row.id, {
        currency_options: JSON.stringify([
          ...options,
          {
            currency_id: DEMO_CHAIN.currencyId,
            unit_amount: tusd.unit_amount,
            custom_unit_amount: tusd.custom_unit_amount,
            tiers: null,
          },
        ]),
      });
    }
  });
}
