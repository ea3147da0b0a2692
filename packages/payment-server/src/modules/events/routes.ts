import {
  eventObjectSchema,
  exportEventsQuerySchema,
  idSchema,
  listEventsQuerySchema,
  paginatedSchema,
} from '@bazaar/schemas';
import { sendCsv, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { exportFileName } from '../../http/csv-cells.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { EVENT_CSV_COLUMNS } from './export-columns.ts';
import { exportEvents, getEvent, listEvents } from './service.ts';

/** The last 30 days of events, for admins: what webhooks carried, by type or by object. */
export function registerEventRoutes(app: ZodApp, deps: PaymentDeps) {
  app.get(
    '/events',
    {
      ...adminOnly,
      schema: {
        querystring: listEventsQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(eventObjectSchema) },
      },
    },
    async (request) => listEvents(deps, request.query),
  );
  app.get(
    '/events/export.csv',
    { ...adminOnly, schema: { querystring: exportEventsQuerySchema.extend({ livemode: livemodeQuery }) } },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: exportFileName('events', request.query.livemode),
        columns: EVENT_CSV_COLUMNS,
        list: await exportEvents(deps, request.query),
      }),
  );
  app.get(
    '/events/:id',
    {
      ...adminOnly,
      schema: { params: z.object({ id: idSchema('event') }), response: { 200: eventObjectSchema } },
    },
    async (request) => getEvent(deps, request.params.id),
  );
}
