import { appDidParamSchema, appPurchaseStateSchema, openAppCheckoutResponseSchema } from '@bazaar/schemas';
import { requireUser, type ZodApp } from '@bazaar/server-kit';
import { z } from 'zod';
import type { StoreDeps } from '../../deps.ts';
import { getPurchaseState, openAppCheckout } from '../../flows/buy-app.ts';
import { signedInOnly } from '../../http/guards.ts';

const tags = ['purchases'];
const params = z.object({ did: appDidParamSchema });

/** Buying a paid app: its price and the visitor's licence, and the checkout to pay it. */
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
