import { IDEMPOTENCY_HEADER, registerOpenApi as registerComponentOpenApi } from '@bazaar/server-kit';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';

export { OPENAPI_PATH } from '@bazaar/server-kit';

const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .max(255)
    .optional()
    .describe('Repeat the request with the same key to get the first answer back without running it twice'),
});

/** The Idempotency-Key header, on the routes that honour it. */
function withIdempotencyHeader(schema: FastifySchema, route: RouteOptions): FastifySchema {
  if (!route.config?.idempotent) return schema;
  const headers =
    schema.headers instanceof z.ZodObject
      ? schema.headers.extend(idempotencyHeaders.shape)
      : idempotencyHeaders;
  return { ...schema, headers };
}

/** The kit's API as OpenAPI 3.1 at `/payment-kit/api/openapi.json` on the platform. */
export async function registerOpenApi(instance: FastifyInstance) {
  await registerComponentOpenApi(instance, {
    title: 'Bazaar Payment Kit API',
    version: '1.0.0',
    extendOperation: withIdempotencyHeader,
  });
}
