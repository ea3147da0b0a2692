import {
  appDidParamSchema,
  appDonationSchema,
  appPurchaseStateSchema,
  openAppCheckoutResponseSchema,
} from '@bazaar/schemas';
import { requireUser, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { StoreDeps } from '../../deps.ts';
import { getPurchaseState, openAppCheckout } from '../../flows/buy-app.ts';
import { openAppDonation } from '../../flows/tip-app.ts';
import { signedInOnly } from '../../http/guards.ts';

const tags = ['purchases'];
const params = z.object({ did: appDidParamSchema });

/** Paying an app's developer: buying it (its price, the visitor's licence, the checkout) or tipping it. */
export function registerPurchaseRoutes(app: ZodApp, deps: StoreDeps) {
  app.get(
    '/apps/:did/purchase',
    {
      schema: {
        tags,
        description:
          "The published version's price and, for a signed-in visitor, their licence; `owned` for the app's owner and Store admins.",
        params,
        response: { 200: appPurchaseStateSchema },
      },
    },
    async (request) => getPurchaseState(deps, { did: request.params.did, viewer: request.user }),
  );
  app.post(
    '/apps/:did/donation',
    {
      schema: {
        tags,
        description:
          "The tip jar of the app's page: the Payment Kit's donation setting the widget loads, whose beneficiaries (the developer, and the Store its share) and supporters view (the developer's choice) the Store keeps.",
        params,
        response: { 200: appDonationSchema },
      },
    },
    async (request) => openAppDonation(deps, { did: request.params.did, viewer: request.user }),
  );
  app.post(
    '/apps/:did/purchase',
    {
      ...signedInOnly,
      schema: {
        tags,
        description:
          "The Payment Kit's payment link selling the app, to embed its checkout; the licence follows the kit's checkout.session.completed.",
        params,
        response: { 200: openAppCheckoutResponseSchema },
      },
    },
    async (request) => openAppCheckout(deps, { did: request.params.did, user: requireUser(request) }),
  );
}
