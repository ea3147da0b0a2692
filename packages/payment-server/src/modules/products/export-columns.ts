import type { CsvColumn } from '@bazaar/server-kit';
import { metadataCell, timeCell } from '../../http/csv-cells.ts';
import type { ExportedProduct } from './admin-service.ts';

/** The columns of `GET /products/export.csv`: what the admin's product list shows, and the product in full. */
export const PRODUCT_CSV_COLUMNS: readonly CsvColumn<ExportedProduct>[] = [
  { header: 'id', value: (product) => product.id },
  { header: 'name', value: (product) => product.name },
  { header: 'active', value: (product) => product.active },
  { header: 'description', value: (product) => product.description },
  { header: 'unit_label', value: (product) => product.unit_label },
  { header: 'statement_descriptor', value: (product) => product.statement_descriptor },
  { header: 'prices', value: (product) => product.price_count },
  { header: 'active_prices', value: (product) => product.active_price_count },
  { header: 'metadata', value: (product) => metadataCell(product.metadata) },
  { header: 'created', value: (product) => timeCell(product.created_at) },
];
