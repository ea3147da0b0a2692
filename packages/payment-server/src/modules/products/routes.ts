import {
  adminProductSchema,
  createProductBodySchema,
  exportProductsQuerySchema,
  idSchema,
  listProductsQuerySchema,
  paginatedSchema,
  updateProductBodySchema,
} from '@bazaar/schemas';
import { sendCsv, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { exportFileName } from '../../http/csv-cells.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import {
  createProduct,
  deleteProduct,
  exportProducts,
  listProducts,
  retrieveProduct,
  updateProduct,
} from './admin-service.ts';
import { PRODUCT_CSV_COLUMNS } from './export-columns.ts';

const params = z.object({ id: idSchema('product') });

/** Admin CRUD for products; archive with `PUT { active: false }`. */
export function registerProductRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post(
    '/products',
    { ...adminOnly, schema: { body: createProductBodySchema, response: { 200: adminProductSchema } } },
    async (request) => createProduct(deps, request.body),
  );
  app.get(
    '/products',
    {
      ...adminOnly,
      schema: {
        querystring: listProductsQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(adminProductSchema) },
      },
    },
    async (request) => listProducts(deps.db, request.query),
  );
  app.get(
    '/products/export.csv',
    { ...adminOnly, schema: { querystring: exportProductsQuerySchema.extend({ livemode: livemodeQuery }) } },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: exportFileName('products', request.query.livemode),
        columns: PRODUCT_CSV_COLUMNS,
        list: await exportProducts(deps.db, request.query),
      }),
  );
  app.get(
    '/products/:id',
    { ...adminOnly, schema: { params, response: { 200: adminProductSchema } } },
    async (request) => retrieveProduct(deps.db, request.params.id),
  );
  app.put(
    '/products/:id',
    {
      ...adminOnly,
      schema: { params, body: updateProductBodySchema, response: { 200: adminProductSchema } },
    },
    async (request) => updateProduct(deps.db, request.params.id, request.body),
  );
  app.delete(
    '/products/:id',
    {
      ...adminOnly,
      schema: { params, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) } },
    },
    async (request) => deleteProduct(deps.db, request.params.id),
  );
}
