import {
  createWebhookEndpointBodySchema,
  createWebhookRedeliveryBodySchema,
  exportWebhookDeliveriesQuerySchema,
  sendTestWebhookBodySchema,
  webhookRedeliverySchema,
  idSchema,
  listWebhookDeliveriesQuerySchema,
  paginatedSchema,
  paginationQuerySchema,
  rollWebhookSecretBodySchema,
  updateWebhookEndpointBodySchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@bazaar/schemas';
import { sendCsv, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { adminOnly } from '../../http/admin-only.ts';
import { exportFileName } from '../../http/csv-cells.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { WEBHOOK_DELIVERY_CSV_COLUMNS, WEBHOOK_ENDPOINT_CSV_COLUMNS } from './export-columns.ts';
import {
  createWebhookEndpoint,
  createWebhookRedelivery,
  deleteWebhookEndpoint,
  exportWebhookDeliveries,
  exportWebhookEndpoints,
  getWebhookDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listEventDeliveries,
  listWebhookEndpoints,
  listWebhookRedeliveries,
  getWebhookRedelivery,
  redeliverWebhook,
  rollWebhookSecret,
  updateWebhookEndpoint,
} from './service.ts';
import { sendTestWebhook } from './test-events.ts';

const params = z.object({ id: idSchema('webhookEndpoint') });
const deliveryParams = z.object({ id: idSchema('webhookDelivery') });
const redeliveryParams = z.object({ id: idSchema('webhookRedelivery') });

/**
 * Admin CRUD for the merchant's webhook endpoints, their deliveries, a test event sent by hand,
 * and redelivery by hand, one delivery or many at once.
 */
export function registerWebhookRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post(
    '/webhook-endpoints',
    {
      ...adminOnly,
      schema: { body: createWebhookEndpointBodySchema, response: { 200: webhookEndpointWithSecretSchema } },
    },
    async (request) => createWebhookEndpoint(deps, request.body),
  );
  app.get(
    '/webhook-endpoints',
    {
      ...adminOnly,
      schema: {
        querystring: paginationQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: paginatedSchema(webhookEndpointSchema) },
      },
    },
    async (request) => listWebhookEndpoints(deps.db, request.query),
  );
  app.get(
    '/webhook-endpoints/export.csv',
    { ...adminOnly, schema: { querystring: z.object({ livemode: livemodeQuery }) } },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: exportFileName('webhook-endpoints', request.query.livemode),
        columns: WEBHOOK_ENDPOINT_CSV_COLUMNS,
        list: await exportWebhookEndpoints(deps.db, request.query.livemode),
      }),
  );
  app.get(
    '/webhook-endpoints/:id',
    { ...adminOnly, schema: { params, response: { 200: webhookEndpointSchema } } },
    async (request) => getWebhookEndpoint(deps.db, request.params.id),
  );
  app.put(
    '/webhook-endpoints/:id',
    {
      ...adminOnly,
      schema: { params, body: updateWebhookEndpointBodySchema, response: { 200: webhookEndpointSchema } },
    },
    async (request) => updateWebhookEndpoint(deps, request.params.id, request.body),
  );
  app.delete(
    '/webhook-endpoints/:id',
    {
      ...adminOnly,
      schema: { params, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) } },
    },
    async (request) => deleteWebhookEndpoint(deps.db, request.params.id),
  );
  app.post(
    '/webhook-endpoints/:id/roll-secret',
    {
      ...adminOnly,
      schema: {
        params,
        body: rollWebhookSecretBodySchema,
        response: { 200: webhookEndpointWithSecretSchema },
      },
    },
    async (request) => rollWebhookSecret(deps, request.params.id, request.body),
  );
  app.get(
    '/webhook-endpoints/:id/deliveries',
    {
      ...adminOnly,
      schema: {
        params,
        querystring: listWebhookDeliveriesQuerySchema,
        response: { 200: paginatedSchema(webhookDeliverySchema) },
      },
    },
    async (request) => listWebhookDeliveries(deps.db, request.params.id, request.query),
  );
  app.get(
    '/webhook-endpoints/:id/deliveries/export.csv',
    { ...adminOnly, schema: { params, querystring: exportWebhookDeliveriesQuerySchema } },
    async (request, reply) => {
      const { endpoint, deliveries } = await exportWebhookDeliveries(
        deps.db,
        request.params.id,
        request.query,
      );
      return sendCsv(reply, {
        fileName: exportFileName(`webhook-deliveries-${endpoint.id}`, endpoint.livemode),
        columns: WEBHOOK_DELIVERY_CSV_COLUMNS,
        list: deliveries,
      });
    },
  );
  app.get(
    '/webhook-deliveries/:id',
    { ...adminOnly, schema: { params: deliveryParams, response: { 200: webhookDeliverySchema } } },
    async (request) => getWebhookDelivery(deps.db, request.params.id),
  );
  app.post(
    '/webhook-deliveries/:id/redeliver',
    { ...adminOnly, schema: { params: deliveryParams, response: { 200: webhookDeliverySchema } } },
    async (request) => redeliverWebhook(deps, request.params.id),
  );
  app.post(
    '/webhook-endpoints/:id/test',
    {
      ...adminOnly,
      schema: { params, body: sendTestWebhookBodySchema, response: { 200: webhookDeliverySchema } },
    },
    async (request) => sendTestWebhook(deps, request.params.id, request.body),
  );
  app.post(
    '/webhook-endpoints/:id/redeliveries',
    {
      ...adminOnly,
      schema: {
        params,
        body: createWebhookRedeliveryBodySchema,
        response: { 200: webhookRedeliverySchema },
      },
    },
    async (request) => createWebhookRedelivery(deps, request.params.id, request.body),
  );
  app.get(
    '/webhook-endpoints/:id/redeliveries',
    {
      ...adminOnly,
      schema: {
        params,
        querystring: paginationQuerySchema,
        response: { 200: paginatedSchema(webhookRedeliverySchema) },
      },
    },
    async (request) => listWebhookRedeliveries(deps.db, request.params.id, request.query),
  );
  app.get(
    '/webhook-redeliveries/:id',
    { ...adminOnly, schema: { params: redeliveryParams, response: { 200: webhookRedeliverySchema } } },
    async (request) => getWebhookRedelivery(deps.db, request.params.id),
  );
  app.get(
    '/events/:id/deliveries',
    {
      ...adminOnly,
      schema: {
        params: z.object({ id: idSchema('event') }),
        querystring: paginationQuerySchema,
        response: { 200: paginatedSchema(webhookDeliverySchema) },
      },
    },
    async (request) => listEventDeliveries(deps.db, request.params.id, request.query),
  );
}
