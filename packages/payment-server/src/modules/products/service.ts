import type { Product } from '@bazaar/schemas';
import { z } from 'zod';
import { fromFlag, readJson } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { findProductRows, type ProductRow } from './repository.ts';

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    images: readJson(z.array(z.string()), row.images),
    unit_label: row.unit_label,
    statement_descriptor: row.statement_descriptor,
    active: fromFlag(row.active),
  };
}

export async function getProductsById(db: PaymentDb, ids: readonly string[]): Promise<Map<string, Product>> {
  const rows = await findProductRows(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, toProduct(row)]));
}
