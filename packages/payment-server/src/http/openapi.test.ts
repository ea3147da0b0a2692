import { errorEnvelopeSchema } from '@bazaar/schemas';
import { installErrorHandling } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerPaymentRoutes } from '../index.ts';
import { API } from '../test-utils/payment-test-app.ts';
import { openPaymentTestKit, type PaymentTestKit } from '../test-utils/payment-test-kit.ts';
import { OPENAPI_PATH } from './openapi.ts';

const refSchema = z.object({ $ref: z.string().startsWith('#/components/schemas/') });
const mediaSchema = z.object({ 'application/json': z.object({ schema: z.record(z.string(), z.unknown()) }) });
const operationSchema = z.object({
  tags: z.array(z.string()).min(1),
  parameters: z
    .array(
      z.object({
        name: z.string().min(1),
        in: z.enum(['path', 'query', 'header', 'cookie']),
        required: z.boolean().optional(),
        schema: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  requestBody: z.object({ required: z.boolean(), content: mediaSchema }).optional(),
  responses: z.record(
    z.string(),
    z.object({ description: z.string().min(1), content: mediaSchema.optional() }),
  ),
});
/** The parts of the OpenAPI 3.1 document structure a client generator relies on. */
const openApiDocumentSchema = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  paths: z.record(
    z.string().startsWith('/'),
    z.partialRecord(z.enum(['get', 'put', 'post', 'delete', 'patch']), operationSchema),
  ),
  components: z.object({ schemas: z.record(z.string(), z.record(z.string(), z.unknown())) }),
});
type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

/** `/payment-kit/api/checkout-sessions/:id/submit` → `/checkout-sessions/{id}/submit`. */
function toOpenApiPath(url: string): string {
  return url.slice(API.length).replace(/:(\w+)/g, '{$1}');
}

function componentOf(schema: unknown): string {
  return refSchema.parse(schema).$ref.split('/').pop()!;
}

describe.each(TEST_DIALECTS)('the OpenAPI document on %s', (dialect) => {
  let kit: PaymentTestKit;
  let app: FastifyInstance;
  /** What fastify registered under the kit's mount, as `METHOD /path`. */
  const registered = new Set<string>();
  const idempotent = new Set<string>();
  let document: OpenApiDocument;

  beforeAll(async () => {
    kit = await openPaymentTestKit(dialect);
    app = Fastify();
    installErrorHandling(app);
    await app.register(
      async (instance) => {
        instance.addHook('onRoute', (route) => {
          for (const method of [route.method].flat()) {
            if (method === 'HEAD') continue;
            registered.add(`${method} ${toOpenApiPath(route.url)}`);
            if (route.config?.idempotent) idempotent.add(`${method} ${toOpenApiPath(route.url)}`);
          }
        });
        await registerPaymentRoutes(instance, kit.deps);
      },
      { prefix: API },
    );
    await app.ready();
    const response = await app.inject({ url: `${API}${OPENAPI_PATH}` });
    expect(response.statusCode, response.body).toBe(200);
    document = openApiDocumentSchema.parse(response.json());
  });
  afterAll(async () => {
    await app.close();
    await kit.close();
  });

  it('is OpenAPI 3.1 for the kit, with paths relative to its mount', () => {
    expect(document.info.title).toBe('Bazaar Payment Kit API');
    expect(document.servers).toEqual([{ url: '/payment-kit/api' }]);
    expect(Object.keys(document.paths).some((path) => path.startsWith(API))).toBe(false);
  });

  it('lists every route the kit registers, and nothing else', () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    registered.delete(`GET ${OPENAPI_PATH}`);
    expect(registered.size).toBeGreaterThan(5);
    expect(new Set(documented)).toEqual(registered);
  });

  it('describes start, retrieve and submit from their zod schemas', () => {
    const start = document.paths['/checkout-sessions/start/{paymentLinkId}']?.post;
    expect(start?.parameters).toContainEqual(
      expect.objectContaining({ name: 'paymentLinkId', in: 'path', required: true }),
    );
    const retrieve = document.paths['/checkout-sessions/retrieve/{id}']?.get;
    for (const operation of [start, retrieve]) {
      const answer = componentOf(operation?.responses['200']?.content?.['application/json'].schema);
      expect(document.components.schemas[answer]?.properties).toHaveProperty('checkoutSession');
    }

    const submit = document.paths['/checkout-sessions/{id}/submit']?.put;
    const body = componentOf(submit?.requestBody?.content['application/json'].schema);
    expect(body).toBe('SubmitCheckoutBodyInput');
    const bodySchema = z
      .object({ properties: z.record(z.string(), z.unknown()), required: z.array(z.string()) })
      .parse(document.components.schemas[body]);
    expect(Object.keys(bodySchema.properties)).toEqual(
      expect.arrayContaining(['customer_name', 'customer_email', 'payment_method', 'payment_currency']),
    );
    expect(bodySchema.required).toContain('customer_email');
    expect(submit?.tags).toEqual(['checkout-sessions']);
  });

  it('gives every operation the error envelope as its default answer', () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    for (const operation of operations) {
      expect(componentOf(operation.responses.default?.content?.['application/json'].schema)).toBe(
        'ErrorEnvelope',
      );
    }
    const envelope = z
      .object({
        properties: z.object({ error: z.object({ properties: z.record(z.string(), z.unknown()) }) }),
      })
      .parse(document.components.schemas.ErrorEnvelope);
    expect(Object.keys(envelope.properties.error.properties)).toEqual(
      Object.keys(errorEnvelopeSchema.shape.error.shape),
    );
  });

  it('documents the Idempotency-Key header exactly where the route honours it', () => {
    const withHeader = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) =>
          operation.parameters?.some(
            (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
          ),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(idempotent).toContain('PUT /checkout-sessions/{id}/submit');
    expect(new Set(withHeader)).toEqual(idempotent);
  });

  it('only names components some operation reaches, and every reference resolves', () => {
    const text = JSON.stringify(document);
    const references = new Set(
      [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]),
    );
    expect(new Set(Object.keys(document.components.schemas))).toEqual(references);
  });
});
