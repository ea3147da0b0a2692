import {
  adminPriceSchema,
  createPriceBodySchema,
  idSchema,
  listPricesQuerySchema,
  paginatedSchema,
  updatePriceBodySchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { createPrice, listPrices, retrievePrice, updatePrice } from './admin-service.ts';

const params = z.object({ id: idSchema('price') });

/** Admin CRUD for prices; archive with `PUT { active: false }`. Amounts never change after create. */
export function registerPriceRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post(
    '/prices',
    { ...adminOnly, schema: { body: createPriceBodySchema, response: { 200: adminPriceSchema } } },
    async (request) => createPrice(deps, request.body),
  );
  app.get(
    '/prices',
    {
      ...adminOnly,
      schema: {
        querystring: listPricesQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(adminPriceSchema) },
      },
    },
    async (request) => listPrices(deps.db, request.query),
  );
  app.get(
    '/prices/:id',
    { ...adminOnly, schema: { params, response: { 200: adminPriceSchema } } },
    async (request) => retrievePrice(deps.db, request.params.id),
  );
  app.put(
    '/prices/:id',
    { ...adminOnly, schema: { params, body: updatePriceBodySchema, response: { 200: adminPriceSchema } } },
    async (request) => updatePrice(deps.db, request.params.id, request.body),
  );
}
