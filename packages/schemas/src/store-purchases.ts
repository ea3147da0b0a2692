import { z } from 'zod';
import { timestampSchema } from './common.ts';

/**
 * Buying a paid app. A paid app's price (from its published, signed manifest) is sold through a
 * Payment Kit payment link whose beneficiaries are the app's developer and the Store. When the
 * kit says the checkout completed, the Store grants the buyer a licence: a receipt the Store
 * signs (a JWT, EdDSA over Ed25519) naming the app, the buyer, the versions it covers and when;
 * the download endpoint checks it, and a refund of the purchase revokes it.
 */

/** The header a client that is not the signed-in buyer (the CLI, an installer) presents its licence in. */
export const LICENCE_HEADER = 'x-bazaar-licence';

/** The versions one purchase covers: every version of the app, present and future. */
export const LICENCE_VERSION_RANGE = '*';

export const LICENCE_STATUSES = ['active', 'revoked'] as const;
export const licenceStatusSchema = z.enum(LICENCE_STATUSES);
export type LicenceStatus = z.infer<typeof licenceStatusSchema>;

/** A licence as its holder sees it; `token` is the signed receipt they present. */
export const licenceSchema = z.object({
  id: z.string(),
  appDid: z.string(),
  buyerDid: z.string(),
  /** A semver range of the versions it covers. */
  versionRange: z.string(),
  status: licenceStatusSchema,
  issuedAt: timestampSchema,
  revokedAt: timestampSchema.nullable(),
  /** The Payment Kit's checkout session that paid for it. */
  checkoutSessionId: z.string(),
  token: z.string(),
});
export type Licence = z.infer<typeof licenceSchema>;

/** What the receipt's JWT says, beside `iss` (the Store's DID), `sub` (the buyer) and `iat`. */
export const licenceClaimsSchema = z.object({
  iss: z.string(),
  sub: z.string(),
  iat: z.number().int(),
  jti: z.string(),
  app: z.string(),
  versions: z.string(),
});
export type LicenceClaims = z.infer<typeof licenceClaimsSchema>;

/**
 * `GET /api/apps/{did}/purchase` (anyone who may see the app): the price, and for a signed-in
 * visitor whether they hold a licence (`licence` null otherwise). `owned` is true for the app's
 * managers, who download without one.
 */
export const appPurchaseStateSchema = z.object({
  price: z.object({ amount: z.string(), currency: z.string() }).nullable(),
  licence: licenceSchema.nullable(),
  owned: z.boolean(),
});
export type AppPurchaseState = z.infer<typeof appPurchaseStateSchema>;

/** `POST /api/apps/{did}/purchase` (signed in): the payment link the page embeds the kit's checkout of. */
export const openAppCheckoutResponseSchema = z.object({ paymentLinkId: z.string() });
export type OpenAppCheckoutResponse = z.infer<typeof openAppCheckoutResponseSchema>;

/** `GET /api/licences/public-key`: the key that verifies every licence the Store signs. */
export const licencePublicKeySchema = z.object({
  issuer: z.string(),
  /** The Ed25519 public key as a JWK (`kty: OKP`, `crv: Ed25519`). */
  jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
});
export type LicencePublicKey = z.infer<typeof licencePublicKeySchema>;

/** A licence in its holder's list, with the app it is for (its name and title as last uploaded). */
export const ownLicenceSchema = licenceSchema.extend({
  app: z.object({ name: z.string(), title: z.string() }),
});
export type OwnLicence = z.infer<typeof ownLicenceSchema>;

/** `GET /api/licences` (signed in): the visitor's licences, newest first. */
export const licenceListSchema = z.object({ list: z.array(ownLicenceSchema), count: z.number().int() });

/** `POST /api/apps/{did}/donation`: what the app page's donation widget is mounted with. */
export const appDonationSchema = z.object({
  mountLocation: z.string(),
  componentDid: z.string(),
  /** The donations' target: the app's DID. */
  target: z.string(),
});
export type AppDonation = z.infer<typeof appDonationSchema>;
