import type { AppPurchaseState, SessionUser } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { StoreDeps } from '../deps.ts';
import { manifestOf } from '../modules/apps/detail/service.ts';
import { requireVisibleVersion, type Viewer } from '../modules/apps/visibility.ts';
import { findDeveloper } from '../modules/developers/index.ts';
import { countRefund, findActiveLicence, grantLicence } from '../modules/licences/service.ts';
import { findPriceLink, priceLinkFor } from '../modules/purchases/service.ts';
import { getStoreSettings } from '../modules/settings/service.ts';
import { requirePayments } from '../modules/stakes/service.ts';

/** The published version the Buy button sells, with its price (null: free). */
async function publishedOffer(deps: Pick<StoreDeps, 'db'>, did: string, viewer: Viewer) {
  const visible = await requireVisibleVersion(deps.db, { did, viewer });
  // A manager of a never-published app sees its latest upload, which is not on sale.
  const onSale = visible.row.status === 'published';
  const manifest = manifestOf(visible.row);
  return { ...visible, manifest, price: onSale ? manifest.price : null };
}

/** `GET /api/apps/{did}/purchase`: the price, and the signed-in visitor's licence. */
export async function getPurchaseState(
  deps: StoreDeps,
  input: { did: string; viewer: Viewer },
): Promise<AppPurchaseState> {
  const { app, manager, price } = await publishedOffer(deps, input.did, input.viewer);
  const licence = input.viewer
    ? await findActiveLicence(deps, { appDid: app.did, buyerDid: input.viewer.did })
    : null;
  return { price, licence, owned: manager };
}

/**
 * `POST /api/apps/{did}/purchase`: the Payment Kit's payment link the app's page embeds the
 * checkout of, for a signed-in visitor who has no licence yet. The link sells the published
 * version's price with the developer and the Store as beneficiaries, at the Store's share now.
 */
export async function openAppCheckout(
  deps: StoreDeps,
  input: { did: string; user: SessionUser },
): Promise<{ paymentLinkId: string }> {
  const { app, manager, manifest, price } = await publishedOffer(deps, input.did, input.user);
  if (!price) throw new AppError('APP_NOT_FOR_SALE', 'This app is free: download it');
  if (manager)
    throw new AppError('ALREADY_PURCHASED', 'You manage this app and download it without a licence');
  if (await findActiveLicence(deps, { appDid: app.did, buyerDid: input.user.did })) {
    throw new AppError('ALREADY_PURCHASED', 'You already bought this app');
  }
  const [developer, settings] = await Promise.all([
    findDeveloper(deps.db, app.owner_did),
    getStoreSettings(deps.db),
  ]);
  const paymentLinkId = await priceLinkFor(deps, {
    app: { did: app.did, name: manifest.name, title: manifest.title },
    developer: { did: app.owner_did, username: developer?.username ?? app.owner_did },
    price,
    storeSharePercent: settings.storeSharePercent,
  });
  return { paymentLinkId };
}

/**
 * The Payment Kit said a checkout completed. If it paid one of the Store's price links, its
 * payer gets a licence, once per checkout however often the event arrives. A payer without an
 * account (a guest who found the link) is granted under the DID the kit gave them, which a
 * licence token can still present. Any other checkout is none of this flow's business.
 */
export async function recordAppPurchase(deps: StoreDeps, checkoutSessionId: string): Promise<void> {
  const checkout = await requirePayments(deps).retrieveCheckout(checkoutSessionId);
  const { invoiceId, paymentLinkId, customerDid } = checkout;
  if (checkout.paymentStatus !== 'paid' || !invoiceId || !paymentLinkId || !customerDid) return;
  const link = await findPriceLink(deps.db, paymentLinkId);
  if (!link) return;
  await grantLicence(deps, { link, checkout: { ...checkout, invoiceId }, buyerDid: customerDid });
}

/** The Payment Kit said a refund succeeded: counted against the licences of the invoice it refunded. */
export async function revokeRefundedLicences(deps: StoreDeps, refundId: string): Promise<void> {
  await countRefund(deps, await requirePayments(deps).retrieveRefund(refundId));
}
