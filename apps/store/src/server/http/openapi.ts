import { registerOpenApi as registerComponentOpenApi } from '@bazaar/server-kit';
import type { FastifyInstance } from 'fastify';

export { OPENAPI_PATH } from '@bazaar/server-kit';

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
  });
}
