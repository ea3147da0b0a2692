import {
  adminCatalogueOrder,
  metadataSchema,
  newId,
  type AdminProduct,
  type createProductBodySchema,
  type exportProductsQuerySchema,
  type listProductsQuerySchema,
  type updateProductBodySchema,
} from '@bazaar/schemas';
import { AppError, mapBatches, notFound, type ListExport } from '@bazaar/server-kit';
import type { z } from 'zod';
import { fromFlag, readJson, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { isPriceInAnySession } from '../checkout-sessions/repository.ts';
import { isPriceOnAnyInvoice } from '../invoices/repository.ts';
import { isPriceInAnyLink } from '../payment-links/repository.ts';
import { countPricesOfProducts, deletePricesOfProduct, listPriceIdsOfProduct } from '../prices/repository.ts';
import {
  deleteProductRow,
  exportProductRows,
  findProductRow,
  insertProductRow,
  listProductRows,
  updateProductRow,
  type ProductRow,
} from './repository.ts';
import { toProduct } from './service.ts';

function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    ...toProduct(row),
    object: 'product',
    metadata: readJson(metadataSchema, row.metadata),
    livemode: fromFlag(row.livemode),
    created_at: row.created_at,
  };
}

async function getProductRow(db: PaymentDb, id: string): Promise<ProductRow> {
  const row = await findProductRow(db, id);
  if (!row) throw notFound('product', id);
  return row;
}

export async function createProduct(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: z.output<typeof createProductBodySchema>,
): Promise<AdminProduct> {
  const row = {
    id: newId('product'),
    name: input.name,
    description: input.description,
    images: JSON.stringify(input.images),
    unit_label: input.unit_label,
    statement_descriptor: input.statement_descriptor,
    active: toFlag(input.active),
    metadata: JSON.stringify(input.metadata),
    livemode: toFlag(input.livemode),
    created_at: deps.clock.now(),
  };
  await insertProductRow(deps.db, row);
  return toAdminProduct(await getProductRow(deps.db, row.id));
}

export async function retrieveProduct(db: PaymentDb, id: string): Promise<AdminProduct> {
  return toAdminProduct(await getProductRow(db, id));
}

/** Archiving is `active: false`: the product stays readable for past checkouts. */
export async function updateProduct(
  db: PaymentDb,
  id: string,
  input: z.output<typeof updateProductBodySchema>,
): Promise<AdminProduct> {
  await getProductRow(db, id);
  await updateProductRow(db, id, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.images !== undefined && { images: JSON.stringify(input.images) }),
    ...(input.unit_label !== undefined && { unit_label: input.unit_label }),
    ...(input.statement_descriptor !== undefined && { statement_descriptor: input.statement_descriptor }),
    ...(input.active !== undefined && { active: toFlag(input.active) }),
    ...(input.metadata !== undefined && { metadata: JSON.stringify(input.metadata) }),
  });
  return retrieveProduct(db, id);
}

export async function listProducts(
  db: PaymentDb,
  query: z.output<typeof listProductsQuerySchema> & { livemode: boolean },
): Promise<{ list: AdminProduct[]; count: number }> {
  const { rows, count } = await listProductRows(
    db,
    { livemode: query.livemode, active: query.active, q: query.q },
    query,
    adminCatalogueOrder(query),
  );
  return { list: rows.map(toAdminProduct), count };
}

/** A product as its export writes it: with how many prices it has, and how many of those are active. */
export interface ExportedProduct extends AdminProduct {
  price_count: number;
  active_price_count: number;
}

/** `GET /products/export.csv`: every product the same query lists, newest first, a batch at a time with its price counts. */
export async function exportProducts(
  db: PaymentDb,
  query: z.output<typeof exportProductsQuerySchema> & { livemode: boolean },
): Promise<ListExport<ExportedProduct>> {
  const rows = await exportProductRows(db, { livemode: query.livemode, active: query.active, q: query.q });
  return {
    total: rows.total,
    records: mapBatches(rows.records, async (batch) => {
      const counts = await countPricesOfProducts(
        db,
        batch.map((row) => row.id),
      );
      return batch.map((row) => ({
        ...toAdminProduct(row),
        price_count: counts.get(row.id)?.prices ?? 0,
        active_price_count: counts.get(row.id)?.active ?? 0,
      }));
    }),
  };
}

/** Whether any checkout session, payment link or invoice line names one of these prices. */
async function isAnyPriceReferenced(db: PaymentDb, priceIds: readonly string[]): Promise<boolean> {
  for (const priceId of priceIds) {
    const hits = await Promise.all(
      [isPriceInAnySession, isPriceInAnyLink, isPriceOnAnyInvoice].map((isIn) => isIn(db, priceId)),
    );
    if (hits.some(Boolean)) return true;
  }
  return false;
}

/**
 * Deletes a product and its prices, but only while no checkout, link or invoice ever named one
 * of those prices: past purchases must keep rendering. Otherwise the admin archives it.
 */
export async function deleteProduct(db: PaymentDb, id: string): Promise<{ id: string; deleted: true }> {
  await db.transaction().execute(async (trx) => {
    await getProductRow(trx, id);
    if (await isAnyPriceReferenced(trx, await listPriceIdsOfProduct(trx, id))) {
      throw new AppError(
        'OBJECT_IN_USE',
        'This product has prices used by checkouts or payment links; archive it (active: false) instead',
      );
    }
    await deletePricesOfProduct(trx, id);
    await deleteProductRow(trx, id);
  });
  return { id, deleted: true };
}
