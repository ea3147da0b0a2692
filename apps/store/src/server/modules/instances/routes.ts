import { signedInstanceReportSchema } from '@bazaar/bundle';
import { appDidParamSchema, appInstanceListSchema } from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { StoreDeps } from '../../deps.ts';
import { listAppInstances, recordInstanceReport } from './service.ts';

const tags = ['apps'];
const params = z.object({ did: appDidParamSchema });

/** Where an app's installed copies run: reported by them, signed with the app's key; read by anyone who sees the app. */
export function registerInstanceRoutes(app: ZodApp, deps: StoreDeps) {
  app.put(
    '/apps/:did/instances',
    {
      schema: {
        tags,
        description:
          "An installed copy reports where it runs: `{ app, url, owner, status, issuedAt, signature }`, Ed25519 by the app's key over `bazaar-instance-report-v1\\n` + the canonical JSON of the rest (`signInstanceReport` in @bazaar/bundle). No sign-in: the signature is the credential.",
        params,
        body: signedInstanceReportSchema,
        response: { 200: z.object({ recorded: z.boolean() }) },
      },
    },
    async (request) => recordInstanceReport(deps, { did: request.params.did, report: request.body }),
  );
  app.get(
    '/apps/:did/instances',
    { schema: { tags, params, response: { 200: appInstanceListSchema } } },
    async (request) => listAppInstances(deps, { did: request.params.did, viewer: request.user }),
  );
}
