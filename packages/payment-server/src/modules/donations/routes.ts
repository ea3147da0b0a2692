import {
  createDonationBodySchema,
  donationSchema,
  donationSupportersSchema,
  listSupportersQuerySchema,
} from '@bazaar/schemas';
import type { ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { PaymentDeps } from '../../deps.ts';
import { makeDonationLink } from '../../flows/make-donation-link.ts';
import { livemodeQuery } from '../../http/livemode-query.ts';
import { listSupporters } from './service.ts';

/**
 * Donations, for the widget any page of the platform embeds, so anyone may call them: the
 * donation link of a target (made on first use), and its supporters as each chose to appear.
 */
export function registerDonationRoutes(app: ZodApp, deps: PaymentDeps) {
  app.post(
    '/donations',
    {
      schema: {
        querystring: z.object({ livemode: livemodeQuery }),
        body: createDonationBodySchema,
        response: { 200: donationSchema },
      },
    },
    async (request) => makeDonationLink(deps, { ...request.body, livemode: request.query.livemode }),
  );
  app.get(
    '/donations',
    {
      schema: {
        querystring: listSupportersQuerySchema.extend({ livemode: livemodeQuery }),
        response: { 200: donationSupportersSchema },
      },
    },
    async (request) => listSupporters(deps, { ...request.query, viewerDid: request.user?.did ?? null }),
  );
}
