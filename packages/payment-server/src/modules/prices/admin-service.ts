import { intervalSeconds, isRecurringInterval } from '@bazaar/money';
import {
  RECURRING_MAX_SECONDS,
  newId,
  recurringSchema,
  type AdminPrice,
  type CreatePriceInput,
  type PriceTier,
  type listPricesQuerySchema,
  type updatePriceBodySchema,
} from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import type { z } from 'zod';
import { fromFlag, readJsonOrNull, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import { assertValidTiers, toPricingTiers } from '../../pricing/index.ts';
import { findCurrencyRow } from '../payment-methods/repository.ts';
import { findProductRow } from '../products/repository.ts';
import { findPriceRows, insertPriceRow, listPriceRows, updatePriceRow, type PriceRow } from './repository.ts';
import { getPricesById } from './service.ts';

type Recurring = z.infer<typeof recurringSchema>;
const modeName = (livemode: boolean) => (livemode ? 'live' : 'test');

/** An unknown interval gets its own code, as the spec's "Unsupported recurring interval" error. */
function checkRecurring(recurring: CreatePriceInput['recurring']): Recurring | null {
  if (!recurring) return null;
  if (!isRecurringInterval(recurring.interval)) {
    throw new AppError('UNSUPPORTED_INTERVAL', `Unsupported recurring interval: ${recurring.interval}`, [
      { path: 'recurring.interval', message: 'Must be one of minute, hour, day, week, month, year' },
    ]);
  }
  if (intervalSeconds(recurring.interval, recurring.interval_count) > RECURRING_MAX_SECONDS) {
    throw validationFailed('recurring.interval_count', 'A billing period may be at most three years');
  }
  return { ...recurring, interval: recurring.interval };
}

function checkTiers(tiers: PriceTier[] | null) {
  if (tiers !== null) assertValidTiers(toPricingTiers(tiers));
}

/** A price may only name a currency that is active and in its own mode. */
async function checkCurrency(db: PaymentDb, path: string, currencyId: string, livemode: boolean) {
  const currency = await findCurrencyRow(db, currencyId);
  if (!currency || fromFlag(currency.livemode) !== livemode || !fromFlag(currency.active)) {
    throw validationFailed(path, `No active ${modeName(livemode)}-mode currency ${currencyId}`);
  }
}

/** The upsell goes to a recurring price of the same product, same mode, billed less often. */
async function checkUpsell(
  db: PaymentDb,
  from: { productId: string; livemode: boolean; recurring: Recurring | null; id?: string },
  upsellsToId: string,
) {
  const [target] = await findPriceRows(db, [upsellsToId]);
  const path = 'upsell.upsells_to_id';
  if (!target || fromFlag(target.livemode) !== from.livemode || target.id === from.id) {
    throw validationFailed(path, `No such ${modeName(from.livemode)}-mode price: ${upsellsToId}`);
  }
  const targetRecurring = readJsonOrNull(recurringSchema, target.recurring);
  if (!from.recurring || !targetRecurring || target.product_id !== from.productId) {
    throw validationFailed(
      path,
      'An upsell goes from a recurring price to another recurring price of the same product',
    );
  }
  const length = (r: Recurring) => intervalSeconds(r.interval, r.interval_count);
  if (length(targetRecurring) <= length(from.recurring)) {
    throw validationFailed(path, 'An upsell must go to a longer billing interval');
  }
}

async function toAdminPrices(db: PaymentDb, rows: readonly PriceRow[]): Promise<AdminPrice[]> {
  const prices = await getPricesById(
    db,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => {
    const price = prices.get(row.id);
    return price ? [{ ...price, object: 'price' as const, created_at: row.created_at }] : [];
  });
}

async function getPriceRow(db: PaymentDb, id: string): Promise<PriceRow> {
  const [row] = await findPriceRows(db, [id]);
  if (!row) throw notFound('price', id);
  return row;
}

export async function retrievePrice(db: PaymentDb, id: string): Promise<AdminPrice> {
  const [price] = await toAdminPrices(db, [await getPriceRow(db, id)]);
  if (!price) throw notFound('price', id);
  return price;
}

/**
 * Creates a price after every rule that needs the database: its product and currencies exist in
 * the same mode, its tiers can price every quantity, its upsell bills less often.
 */
export async function createPrice(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: CreatePriceInput,
): Promise<AdminPrice> {
  const recurring = checkRecurring(input.recurring);
  checkTiers(input.tiers);
  input.currency_options.forEach((option) => checkTiers(option.tiers));
  const product = await findProductRow(deps.db, input.product_id);
  if (!product || fromFlag(product.livemode) !== input.livemode) {
    throw validationFailed(
      'product_id',
      `No such ${modeName(input.livemode)}-mode product: ${input.product_id}`,
    );
  }
  await checkCurrency(deps.db, 'currency_id', input.currency_id, input.livemode);
  for (const [index, option] of input.currency_options.entries()) {
    await checkCurrency(deps.db, `currency_options.${index}.currency_id`, option.currency_id, input.livemode);
  }
  if (input.upsell) {
    await checkUpsell(
      deps.db,
      { productId: product.id, livemode: input.livemode, recurring },
      input.upsell.upsells_to_id,
    );
  }
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  const id = newId('price');
  await insertPriceRow(deps.db, {
    id,
    product_id: product.id,
    active: toFlag(input.active),
    type: input.type,
    currency_id: input.currency_id,
    unit_amount: input.unit_amount,
    custom_unit_amount: json(input.custom_unit_amount),
    currency_options: JSON.stringify(input.currency_options),
    recurring: json(recurring),
    quantity_available: input.quantity_available,
    quantity_sold: 0,
    quantity_limit_per_checkout: input.quantity_limit_per_checkout,
    billing_scheme: input.billing_scheme,
    tiers_mode: input.tiers_mode,
    tiers: json(input.tiers),
    upsells_to_id: input.upsell?.upsells_to_id ?? null,
    nickname: input.nickname,
    metadata: JSON.stringify(input.metadata),
    livemode: toFlag(input.livemode),
    created_at: deps.clock.now(),
  });
  return retrievePrice(deps.db, id);
}

/** Only the fields a live checkout can tolerate changing; amounts are refused by the schema. */
export async function updatePrice(
  db: PaymentDb,
  id: string,
  input: z.output<typeof updatePriceBodySchema>,
): Promise<AdminPrice> {
  const row = await getPriceRow(db, id);
  if (input.upsell) {
    await checkUpsell(
      db,
      {
        id,
        productId: row.product_id,
        livemode: fromFlag(row.livemode),
        recurring: readJsonOrNull(recurringSchema, row.recurring),
      },
      input.upsell.upsells_to_id,
    );
  }
  if (input.quantity_available && input.quantity_available < row.quantity_sold) {
    throw validationFailed(
      'quantity_available',
      `${row.quantity_sold} are already sold; use 0 for unlimited stock`,
    );
  }
  await updatePriceRow(db, id, {
    ...(input.active !== undefined && { active: toFlag(input.active) }),
    ...(input.nickname !== undefined && { nickname: input.nickname }),
    ...(input.metadata !== undefined && { metadata: JSON.stringify(input.metadata) }),
    ...(input.upsell !== undefined && { upsells_to_id: input.upsell?.upsells_to_id ?? null }),
    ...(input.quantity_available !== undefined && { quantity_available: input.quantity_available }),
    ...(input.quantity_limit_per_checkout !== undefined && {
      quantity_limit_per_checkout: input.quantity_limit_per_checkout,
    }),
  });
  return retrievePrice(db, id);
}

export async function listPrices(
  db: PaymentDb,
  query: z.output<typeof listPricesQuerySchema> & { livemode: boolean },
): Promise<{ list: AdminPrice[]; count: number }> {
  const { rows, count } = await listPriceRows(
    db,
    {
      livemode: query.livemode,
      active: query.active,
      productId: query.product_id,
      currencyId: query.currency_id,
      q: query.q,
    },
    query,
  );
  return { list: await toAdminPrices(db, rows), count };
}
