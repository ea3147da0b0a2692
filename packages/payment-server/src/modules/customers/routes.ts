import {
  adminCustomerDetailsSchema,
  adminCustomerSchema,
  customerSchema,
  exportCustomersQuerySchema,
  idSchema,
  listCustomersQuerySchema,
  paginatedSchema,
  updateCustomerBodySchema,
} from '@bazaar/schemas';
import { requireUser, sendCsv, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { exportFileName } from '../../http/csv-cells.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { exportCustomers, getCustomerDetails, listCustomers } from './admin-service.ts';
import { CUSTOMER_CSV_COLUMNS } from './export-columns.ts';
import { getMyCustomer, updateMyCustomer } from './service.ts';

const flagQuery = z
  .enum(['1', '0', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

export function registerCustomerRoutes(app: ZodApp, deps: PaymentDeps) {
  app.get(
    '/customers/me',
    {
      schema: {
        querystring: z.object({ livemode: livemodeQuery, fallback: flagQuery, skipSummary: flagQuery }),
        response: { 200: customerSchema.nullable() },
      },
    },
    async (request) =>
      getMyCustomer(deps.db, {
        user: requireUser(request),
        livemode: request.query.livemode,
        fallback: request.query.fallback,
      }),
  );

  app.put(
    '/customers/me',
    {
      schema: {
        querystring: z.object({ livemode: livemodeQuery }),
        body: updateCustomerBodySchema,
        response: { 200: customerSchema },
      },
    },
    async (request) =>
      updateMyCustomer(deps, {
        user: requireUser(request),
        livemode: request.query.livemode,
        body: request.body,
      }),
  );

  app.get(
    '/customers',
    {
      ...adminOnly,
      schema: {
        querystring: listCustomersQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(adminCustomerSchema) },
      },
    },
    async (request) => listCustomers(deps.db, request.query),
  );

  app.get(
    '/customers/export.csv',
    { ...adminOnly, schema: { querystring: exportCustomersQuerySchema.extend({ livemode: livemodeQuery }) } },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: exportFileName('customers', request.query.livemode),
        columns: CUSTOMER_CSV_COLUMNS,
        list: await exportCustomers(deps.db, request.query),
      }),
  );

  app.get(
    '/customers/:id',
    {
      ...adminOnly,
      schema: {
        params: z.object({ id: idSchema('customer') }),
        querystring: z.object({ livemode: livemodeQuery }),
        response: { 200: adminCustomerDetailsSchema },
      },
    },
    async (request) =>
      getCustomerDetails(deps.db, {
        id: request.params.id,
        livemode: request.query.livemode,
        admin: requireUser(request),
      }),
  );
}
