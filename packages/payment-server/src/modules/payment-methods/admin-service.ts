import {
  isChainMethodType,
  METHOD_SETTINGS_SCHEMAS,
  newId,
  paymentMethodTypeSchema,
  type AdminPaymentCurrency,
  type AdminPaymentMethod,
  type CreatePaymentMethodInput,
  type createPaymentCurrencyBodySchema,
  type listPaymentCurrenciesQuerySchema,
  type listPaymentMethodsQuerySchema,
  type updatePaymentCurrencyBodySchema,
  type updatePaymentMethodBodySchema,
} from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import { z } from 'zod';
import { readJson, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import { isCurrencyInAnySession } from '../checkout-sessions/repository.ts';
import { isCurrencyInAnyIntent } from '../payment-intents/repository.ts';
import { isCurrencyInAnyLink } from '../payment-links/repository.ts';
import { isCurrencyInAnyPrice } from '../prices/repository.ts';
import {
  findCurrencyRow,
  findMethodRow,
  insertCurrencyRow,
  insertMethodRow,
  listCurrencyPage,
  listCurrencyRows,
  listMethodPage,
  updateCurrencyRow,
  updateMethodRow,
  type PaymentCurrencyRow,
  type PaymentMethodRow,
} from './repository.ts';
import { vaultAddress } from '../../providers/evm-chain.ts';
import { toPaymentCurrency, toPaymentMethod } from './service.ts';

const storedSettings = z.record(z.string(), z.unknown());

/**
 * A chain method that can take payments (it has a vault key) must reach the chain it names:
 * checked when it is written, so a wrong RPC address or chain id is refused there rather than
 * at a payer's submit.
 */
async function assertChainServed(
  deps: Pick<PaymentDeps, 'chains'>,
  type: string,
  settings: Record<string, unknown>,
): Promise<void> {
  if (!isChainMethodType(type) || typeof settings.secret_key !== 'string') return;
  const chainId = Number(settings.chain_id);
  const rpcUrl = String(settings.api_host);
  const served = await deps.chains
    .connect({ chainId, rpcUrl })
    .chainId()
    .catch(() => null);
  if (served === null)
    throw validationFailed('settings.api_host', `${rpcUrl} does not answer as an EVM node`);
  if (served !== chainId) {
    throw validationFailed('settings.chain_id', `${rpcUrl} serves chain ${served}, not ${chainId}`);
  }
}

/** A chain method shows the address its vault key controls; the key itself is never answered. */
function withVaultAddress<T extends Record<string, unknown>>(type: string, settings: T): T {
  const key = settings.secret_key;
  if (!isChainMethodType(type) || typeof key !== 'string') return settings;
  return { ...settings, vault_address: vaultAddress(key as `0x${string}`) };
}

async function toAdminMethods(
  db: PaymentDb,
  rows: readonly PaymentMethodRow[],
): Promise<AdminPaymentMethod[]> {
  const currencies = await listCurrencyRows(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const settings = readJson(storedSettings, row.settings);
    return {
      ...toPaymentMethod(row, currencies),
      object: 'payment_method',
      has_secret_key: typeof settings.secret_key === 'string',
      has_webhook_secret: typeof settings.webhook_secret === 'string',
      created_at: row.created_at,
    };
  });
}

const toAdminCurrency = (row: PaymentCurrencyRow): AdminPaymentCurrency => ({
  ...toPaymentCurrency(row),
  object: 'payment_currency',
  created_at: row.created_at,
});

async function getMethodRow(db: PaymentDb, id: string): Promise<PaymentMethodRow> {
  const row = await findMethodRow(db, id);
  if (!row) throw notFound('payment method', id);
  return row;
}

async function getCurrencyRow(db: PaymentDb, id: string): Promise<PaymentCurrencyRow> {
  const row = await findCurrencyRow(db, id);
  if (!row) throw notFound('payment currency', id);
  return row;
}

export async function retrievePaymentMethod(db: PaymentDb, id: string): Promise<AdminPaymentMethod> {
  const [method] = await toAdminMethods(db, [await getMethodRow(db, id)]);
  if (!method) throw notFound('payment method', id);
  return method;
}

export async function createPaymentMethod(
  deps: Pick<PaymentDeps, 'db' | 'clock' | 'chains'>,
  input: CreatePaymentMethodInput,
): Promise<AdminPaymentMethod> {
  await assertChainServed(deps, input.type, input.settings);
  const id = newId('paymentMethod');
  await insertMethodRow(deps.db, {
    id,
    type: input.type,
    name: input.name,
    logo: input.logo,
    active: toFlag(input.active),
    livemode: toFlag(input.livemode),
    settings: JSON.stringify(withVaultAddress(input.type, input.settings)),
    default_currency_id: null,
    created_at: deps.clock.now(),
  });
  return retrievePaymentMethod(deps.db, id);
}

/** New settings are merged over the stored ones, so leaving out the secret key keeps it. */
export async function updatePaymentMethod(
  deps: Pick<PaymentDeps, 'db' | 'chains'>,
  id: string,
  input: z.output<typeof updatePaymentMethodBodySchema>,
): Promise<AdminPaymentMethod> {
  const { db } = deps;
  const row = await getMethodRow(db, id);
  let settings: string | undefined;
  if (input.settings) {
    const schema = METHOD_SETTINGS_SCHEMAS[paymentMethodTypeSchema.parse(row.type)];
    const parsed = schema.safeParse({ ...readJson(storedSettings, row.settings), ...input.settings });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw validationFailed(['settings', ...(issue?.path ?? [])].join('.'), issue?.message ?? 'Invalid');
    }
    await assertChainServed(deps, row.type, parsed.data);
    settings = JSON.stringify(withVaultAddress(row.type, parsed.data));
  }
  if (input.default_currency_id) {
    const currency = await findCurrencyRow(db, input.default_currency_id);
    if (currency?.payment_method_id !== id) {
      throw validationFailed(
        'default_currency_id',
        `${input.default_currency_id} is not a currency of ${id}`,
      );
    }
  }
  await updateMethodRow(db, id, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.logo !== undefined && { logo: input.logo }),
    ...(input.active !== undefined && { active: toFlag(input.active) }),
    ...(settings !== undefined && { settings }),
    ...(input.default_currency_id !== undefined && { default_currency_id: input.default_currency_id }),
  });
  return retrievePaymentMethod(db, id);
}

export async function listAdminPaymentMethods(
  db: PaymentDb,
  query: z.output<typeof listPaymentMethodsQuerySchema> & { livemode: boolean },
): Promise<{ list: AdminPaymentMethod[]; count: number }> {
  const { rows, count } = await listMethodPage(db, query, query);
  return { list: await toAdminMethods(db, rows), count };
}

export async function retrievePaymentCurrency(db: PaymentDb, id: string): Promise<AdminPaymentCurrency> {
  return toAdminCurrency(await getCurrencyRow(db, id));
}

/** A currency takes its mode from its method; only EVM methods have token contracts. */
export async function createPaymentCurrency(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: z.output<typeof createPaymentCurrencyBodySchema>,
): Promise<AdminPaymentCurrency> {
  const method = await findMethodRow(deps.db, input.payment_method_id);
  if (!method)
    throw validationFailed('payment_method_id', `No such payment method: ${input.payment_method_id}`);
  if (input.contract !== null && !isChainMethodType(method.type)) {
    throw validationFailed('contract', 'Token contracts exist on ethereum and base methods only');
  }
  if (input.livemode !== undefined && toFlag(input.livemode) !== method.livemode) {
    throw validationFailed(
      'livemode',
      `The method is in ${method.livemode ? 'live' : 'test'} mode; its currencies are too`,
    );
  }
  const id = newId('paymentCurrency');
  await insertCurrencyRow(deps.db, {
    id,
    payment_method_id: method.id,
    symbol: input.symbol,
    name: input.name,
    logo: input.logo,
    decimal: input.decimal,
    maximum_precision: input.maximum_precision,
    active: toFlag(input.active),
    contract: input.contract,
    livemode: method.livemode,
    created_at: deps.clock.now(),
  });
  return retrievePaymentCurrency(deps.db, id);
}

/** Whether a price (directly or by a currency option), link, session or payment names the currency. */
async function isCurrencyReferenced(db: PaymentDb, currencyId: string): Promise<boolean> {
  const hits = await Promise.all(
    [isCurrencyInAnyPrice, isCurrencyInAnyLink, isCurrencyInAnySession, isCurrencyInAnyIntent].map((isIn) =>
      isIn(db, currencyId),
    ),
  );
  return hits.some(Boolean);
}

/** `decimal` is fixed once anything was priced or paid in the currency: amounts would change value. */
export async function updatePaymentCurrency(
  db: PaymentDb,
  id: string,
  input: z.output<typeof updatePaymentCurrencyBodySchema>,
): Promise<AdminPaymentCurrency> {
  const row = await getCurrencyRow(db, id);
  const decimal = input.decimal ?? row.decimal;
  if ((input.maximum_precision ?? row.maximum_precision) > decimal) {
    throw validationFailed('maximum_precision', 'maximum_precision must not exceed decimal');
  }
  if (input.decimal !== undefined && input.decimal !== row.decimal && (await isCurrencyReferenced(db, id))) {
    throw new AppError(
      'OBJECT_IN_USE',
      'decimal cannot change once the currency is used by prices, links or payments',
      [{ path: 'decimal', message: 'The currency is in use' }],
    );
  }
  if (input.contract) {
    const method = await getMethodRow(db, row.payment_method_id);
    if (!isChainMethodType(method.type)) {
      throw validationFailed('contract', 'Token contracts exist on ethereum and base methods only');
    }
  }
  await updateCurrencyRow(db, id, {
    ...(input.symbol !== undefined && { symbol: input.symbol }),
    ...(input.name !== undefined && { name: input.name }),
    ...(input.logo !== undefined && { logo: input.logo }),
    ...(input.decimal !== undefined && { decimal: input.decimal }),
    ...(input.maximum_precision !== undefined && { maximum_precision: input.maximum_precision }),
    ...(input.active !== undefined && { active: toFlag(input.active) }),
    ...(input.contract !== undefined && { contract: input.contract }),
  });
  return retrievePaymentCurrency(db, id);
}

export async function listPaymentCurrencies(
  db: PaymentDb,
  query: z.output<typeof listPaymentCurrenciesQuerySchema> & { livemode: boolean },
): Promise<{ list: AdminPaymentCurrency[]; count: number }> {
  const { rows, count } = await listCurrencyPage(
    db,
    { livemode: query.livemode, active: query.active, methodId: query.payment_method_id },
    query,
  );
  return { list: rows.map(toAdminCurrency), count };
}
