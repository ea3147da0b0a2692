import {
  adminPaymentLinkSchema,
  afterCompletionInputSchema,
  donationSettingsSchema,
  linkLineItemSchema,
  linkSubscriptionDataSchema,
  metadataSchema,
  newId,
  paymentLinkSchema,
  type AdminPaymentLink,
  type CreatePaymentLinkInput,
  adminCatalogueOrder,
  type exportPaymentLinksQuerySchema,
  type PaymentCurrency,
  type listPaymentLinksQuerySchema,
  type updatePaymentLinkBodySchema,
} from '@bazaar/schemas';
import { mapBatches, notFound, type ListExport } from '@bazaar/server-kit';
import { z } from 'zod';
import { fromFlag, readJson, readJsonOrNull, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import { checkActiveCurrency, getCurrenciesById } from '../payment-methods/service.ts';
import { getPricesById, priceInCurrency } from '../prices/service.ts';
import {
  exportPaymentLinkRows,
  findPaymentLinkRow,
  insertPaymentLinkRow,
  listPaymentLinkRows,
  updatePaymentLinkRow,
  type PaymentLinkRow,
} from './repository.ts';

type LinkTerms = Pick<
  CreatePaymentLinkInput,
  'livemode' | 'currency_id' | 'line_items' | 'subscription_data' | 'cross_sell_behavior'
>;

/**
 * The rules that need the database: one active currency of the link's mode; every price
 * active, in that mode and priced in that currency (directly or by a currency option), so a
 * link never mixes currencies; subscription terms only with a recurring price.
 */
async function checkLinkTerms(db: PaymentDb, terms: LinkTerms) {
  const mode = terms.livemode ? 'live' : 'test';
  await checkActiveCurrency(db, { currencyId: terms.currency_id, livemode: terms.livemode });
  const prices = await getPricesById(
    db,
    terms.line_items.map((item) => item.price_id),
  );
  for (const [index, item] of terms.line_items.entries()) {
    const price = prices.get(item.price_id);
    const path = `line_items.${index}.price_id`;
    if (!price || price.livemode !== terms.livemode || !price.active) {
      throw validationFailed(path, `No active ${mode}-mode price ${item.price_id}`);
    }
    if (!priceInCurrency(price, terms.currency_id)) {
      throw validationFailed(
        path,
        `Price ${price.id} has no amount in ${terms.currency_id}: a link cannot mix currencies`,
      );
    }
  }
  const isRecurring = terms.line_items.some((item) => prices.get(item.price_id)?.type === 'recurring');
  if (terms.subscription_data && !isRecurring) {
    throw validationFailed('subscription_data', 'subscription_data needs a recurring price');
  }
  if (terms.cross_sell_behavior === 'required' && !terms.line_items.some((item) => item.cross_sell)) {
    throw validationFailed('cross_sell_behavior', 'A required cross-sell needs a cross-sell line item');
  }
}

const lineItemsJson = z.array(linkLineItemSchema);
const subscriptionJson = linkSubscriptionDataSchema;
const s = adminPaymentLinkSchema.shape;

function toAdminPaymentLink(row: PaymentLinkRow): AdminPaymentLink {
  return {
    id: row.id,
    object: 'payment_link',
    active: fromFlag(row.active),
    name: row.name,
    livemode: fromFlag(row.livemode),
    currency_id: row.currency_id,
    // Rows written before the catalogue API lack adjustable_quantity and cross_sell: defaults fill them.
    line_items: readJson(lineItemsJson, row.line_items),
    submit_type: paymentLinkSchema.shape.submit_type.parse(row.submit_type),
    phone_number_collection: { enabled: fromFlag(row.phone_number_collection) },
    billing_address_collection: s.billing_address_collection.parse(row.billing_address_collection),
    cross_sell_behavior: s.cross_sell_behavior.parse(row.cross_sell_behavior),
    subscription_data: readJsonOrNull(subscriptionJson, row.subscription_data),
    after_completion: readJson(afterCompletionInputSchema, row.after_completion),
    donation_settings: readJsonOrNull(donationSettingsSchema, row.donation_settings),
    expires_after_seconds: row.expires_after_seconds,
    metadata: readJson(metadataSchema, row.metadata),
    created_at: row.created_at,
  };
}

async function getPaymentLinkRow(db: PaymentDb, id: string): Promise<PaymentLinkRow> {
  const row = await findPaymentLinkRow(db, id);
  if (!row) throw notFound('payment link', id);
  return row;
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

export async function createPaymentLink(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: CreatePaymentLinkInput,
): Promise<AdminPaymentLink> {
  await checkLinkTerms(deps.db, input);
  const id = newId('paymentLink');
  await insertPaymentLinkRow(deps.db, {
    id,
    name: input.name,
    active: toFlag(input.active),
    livemode: toFlag(input.livemode),
    currency_id: input.currency_id,
    line_items: JSON.stringify(input.line_items),
    submit_type: input.submit_type,
    phone_number_collection: toFlag(input.phone_number_collection.enabled),
    billing_address_collection: input.billing_address_collection,
    cross_sell_behavior: input.cross_sell_behavior,
    subscription_data: json(input.subscription_data),
    after_completion: JSON.stringify(input.after_completion),
    donation_settings: json(input.donation_settings),
    expires_after_seconds: input.expires_after_seconds,
    metadata: JSON.stringify(input.metadata),
    created_at: deps.clock.now(),
  });
  return retrievePaymentLink(deps.db, id);
}

export async function retrievePaymentLink(db: PaymentDb, id: string): Promise<AdminPaymentLink> {
  return toAdminPaymentLink(await getPaymentLinkRow(db, id));
}

/**
 * A change to what the link sells, or one putting it on sale again, checks the merged link as a
 * whole, so a new currency must still price every line. Others (deactivating, renaming) are not
 * checked: a link whose price was archived since can still be taken off sale.
 */
export async function updatePaymentLink(
  db: PaymentDb,
  id: string,
  input: z.output<typeof updatePaymentLinkBodySchema>,
): Promise<AdminPaymentLink> {
  const current = toAdminPaymentLink(await getPaymentLinkRow(db, id));
  const changesTerms =
    input.active === true ||
    input.currency_id !== undefined ||
    input.line_items !== undefined ||
    input.subscription_data !== undefined ||
    input.cross_sell_behavior !== undefined;
  if (changesTerms) {
    await checkLinkTerms(db, {
      livemode: current.livemode,
      currency_id: input.currency_id ?? current.currency_id,
      line_items: input.line_items ?? current.line_items,
      subscription_data:
        input.subscription_data !== undefined ? input.subscription_data : current.subscription_data,
      cross_sell_behavior: input.cross_sell_behavior ?? current.cross_sell_behavior,
    });
  }
  await updatePaymentLinkRow(db, id, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.active !== undefined && { active: toFlag(input.active) }),
    ...(input.currency_id !== undefined && { currency_id: input.currency_id }),
    ...(input.line_items !== undefined && { line_items: JSON.stringify(input.line_items) }),
    ...(input.submit_type !== undefined && { submit_type: input.submit_type }),
    ...(input.phone_number_collection !== undefined && {
      phone_number_collection: toFlag(input.phone_number_collection.enabled),
    }),
    ...(input.billing_address_collection !== undefined && {
      billing_address_collection: input.billing_address_collection,
    }),
    ...(input.cross_sell_behavior !== undefined && { cross_sell_behavior: input.cross_sell_behavior }),
    ...(input.subscription_data !== undefined && { subscription_data: json(input.subscription_data) }),
    ...(input.after_completion !== undefined && { after_completion: JSON.stringify(input.after_completion) }),
    ...(input.donation_settings !== undefined && { donation_settings: json(input.donation_settings) }),
    ...(input.expires_after_seconds !== undefined && { expires_after_seconds: input.expires_after_seconds }),
    ...(input.metadata !== undefined && { metadata: JSON.stringify(input.metadata) }),
  });
  return retrievePaymentLink(db, id);
}

export async function listPaymentLinks(
  db: PaymentDb,
  query: z.output<typeof listPaymentLinksQuerySchema> & { livemode: boolean },
): Promise<{ list: AdminPaymentLink[]; count: number }> {
  const { rows, count } = await listPaymentLinkRows(
    db,
    { livemode: query.livemode, active: query.active, q: query.q },
    query,
    adminCatalogueOrder(query),
  );
  return { list: rows.map(toAdminPaymentLink), count };
}

/** A payment link as its export writes it: with its currency and, line by line, the product each line sells. */
export interface ExportedPaymentLink extends AdminPaymentLink {
  currency: PaymentCurrency;
  /** The name of each line's product, in the order of `line_items`. */
  line_products: string[];
}

/**
 * `GET /payment-links/export.csv`: every link the same query lists, newest first, a batch at a
 * time with the currencies and products of its lines.
 */
export async function exportPaymentLinks(
  db: PaymentDb,
  query: z.output<typeof exportPaymentLinksQuerySchema> & { livemode: boolean },
): Promise<ListExport<ExportedPaymentLink>> {
  const rows = await exportPaymentLinkRows(db, {
    livemode: query.livemode,
    active: query.active,
    q: query.q,
  });
  return {
    total: rows.total,
    records: mapBatches(rows.records, async (batch) => {
      const links = batch.map(toAdminPaymentLink);
      const [currencies, prices] = await Promise.all([
        getCurrenciesById(
          db,
          links.map((link) => link.currency_id),
        ),
        getPricesById(
          db,
          links.flatMap((link) => link.line_items.map((item) => item.price_id)),
        ),
      ]);
      return links.map((link) => ({
        ...link,
        currency: currencies.get(link.currency_id)!,
        line_products: link.line_items.map((item) => prices.get(item.price_id)?.product.name ?? ''),
      }));
    }),
  };
}
