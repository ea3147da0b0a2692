import { registerOpenApi as registerComponentOpenApi } from '@bazaar/server-kit';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { z } from 'zod';

export { OPENAPI_PATH } from '@bazaar/server-kit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The multipart form a route reads itself, for the document only (`openApiForm`). */
    openApiForm?: z.ZodType;
  }
}

/**
 * A route that reads a multipart form itself (the upload, streamed) names the form here, so the
 * document describes the request body that no validator reads: `config: openApiForm(schema)`.
 */
export function openApiForm(form: z.ZodType) {
  return { openApiForm: form };
}

function withForm(schema: FastifySchema, route: RouteOptions): FastifySchema {
  const form = route.config?.openApiForm;
  return form ? { ...schema, consumes: ['multipart/form-data'], body: form } : schema;
}

/** The Store's API as OpenAPI 3.1 at `/api/openapi.json` on the platform. */
export async function registerOpenApi(instance: FastifyInstance, info: { version: string }) {
  await registerComponentOpenApi(instance, {
    title: 'Bazaar Store API',
    version: info.version,
    securitySchemes: {
      accessToken: {
        type: 'http',
        scheme: 'bearer',
        description: 'A developer access token (`bzr_…`), for the CLI',
      },
    },
    extendOperation: withForm,
  });
}
