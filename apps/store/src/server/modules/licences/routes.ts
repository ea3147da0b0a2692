import { licenceListSchema, licencePublicKeySchema } from '@bazaar/schemas';
import { requireUser, type ZodApp } from '@bazaar/server-kit';
import type { StoreDeps } from '../../deps.ts';
import { signedInOnly } from '../../http/guards.ts';
import { listOwnLicences } from './service.ts';
import { licencePublicKey } from './signing.ts';

const tags = ['purchases'];

/** The signed-in buyer's licences, and the key anyone checks a licence's signature with. */
export function registerLicenceRoutes(app: ZodApp, deps: StoreDeps) {
  app.get(
    '/licences',
    { ...signedInOnly, schema: { tags, response: { 200: licenceListSchema } } },
    async (request) => listOwnLicences(deps, requireUser(request).did),
  );
  app.get(
    '/licences/public-key',
    {
      schema: {
        tags,
        description: 'The Ed25519 key (JWK) that verifies every licence this Store signs (EdDSA JWTs).',
        response: { 200: licencePublicKeySchema },
      },
    },
    async () => licencePublicKey(deps),
  );
}
