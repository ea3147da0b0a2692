import {
  LICENCE_VERSION_RANGE,
  licenceSchema,
  newStoreId,
  type CheckoutFacts,
  type Licence,
  type OwnLicence,
  type Refund,
} from '@bazaar/schemas';
import semver from 'semver';
import { toFlag } from '../../db/tables.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { StoreDeps } from '../../deps.ts';
import { listAppRowsByDid } from '../apps/repository.ts';
import type { PriceLinkRow } from '../purchases/service.ts';
import {
  findActiveLicenceRow,
  findLicenceRow,
  insertLicenceRefundIfMissing,
  insertLicenceRowIfMissing,
  listLicenceRefundAmounts,
  listLicenceRowsOfBuyer,
  listLicenceRowsOfInvoice,
  updateLicenceRow,
  type LicenceRow,
} from './repository.ts';
import { licenceKey, signLicence, verifyLicence } from './signing.ts';

type LicenceDeps = Pick<StoreDeps, 'db' | 'clock' | 'livemode'>;

function toLicence(row: LicenceRow): Licence {
  return licenceSchema.parse({
    id: row.id,
    appDid: row.app_did,
    buyerDid: row.buyer_did,
    versionRange: row.version_range,
    status: row.status,
    issuedAt: row.issued_at,
    revokedAt: row.revoked_at ?? null,
    checkoutSessionId: row.checkout_session_id,
    token: row.token,
  });
}

/** The Store's part of a sale, rounded down; the developer gets the rest, so the parts add up to what was paid. */
export function splitSale(amountPaid: bigint, storeSharePercent: number) {
  const store = (amountPaid * BigInt(storeSharePercent)) / 100n;
  return { store, developer: amountPaid - store };
}

/**
 * Grants the buyer of a paid checkout of `link` a licence for every version of its app, signed
 * by the Store, once per checkout however often the kit's event arrives: true when this call
 * granted it.
 */
export async function grantLicence(
  deps: LicenceDeps,
  input: { link: PriceLinkRow; checkout: CheckoutFacts & { invoiceId: string }; buyerDid: string },
): Promise<boolean> {
  const { link, checkout } = input;
  const id = newStoreId('licence');
  const now = deps.clock.now();
  const token = await signLicence(await licenceKey(deps), {
    sub: input.buyerDid,
    iat: now,
    jti: id,
    app: link.app_did,
    versions: LICENCE_VERSION_RANGE,
  });
  const split = splitSale(BigInt(checkout.amountTotal), link.store_share_percent);
  return insertLicenceRowIfMissing(deps.db, {
    id,
    app_did: link.app_did,
    buyer_did: input.buyerDid,
    version_range: LICENCE_VERSION_RANGE,
    status: 'active',
    checkout_session_id: checkout.id,
    invoice_id: checkout.invoiceId,
    payment_link_id: link.payment_link_id,
    currency_id: checkout.currencyId,
    amount_paid: checkout.amountTotal,
    developer_amount: split.developer.toString(),
    store_amount: split.store.toString(),
    refunded_amount: '0',
    livemode: link.livemode,
    token,
    issued_at: now,
  });
}

/**
 * Counts a succeeded refund of a purchase's invoice against its licences, once per refund; a
 * licence whose purchase came back whole is revoked (a partial refund, a goodwill discount,
 * leaves it). The licence row is locked while its refunds are summed, so two refunds heard at
 * once both count.
 */
export async function countRefund(deps: LicenceDeps, refund: Refund): Promise<void> {
  if (refund.status !== 'succeeded' || refund.invoice_id === null) return;
  for (const { id } of await listLicenceRowsOfInvoice(deps.db, refund.invoice_id)) {
    await inTransaction(deps.db, async (trx) => {
      const licence = (await findLicenceRow(trx, id, { lock: true }))!;
      const counted = await insertLicenceRefundIfMissing(trx, {
        refund_id: refund.id,
        licence_id: id,
        amount: refund.amount,
        created_at: deps.clock.now(),
      });
      if (!counted) return;
      const refunded = (await listLicenceRefundAmounts(trx, id)).reduce(
        (sum, amount) => sum + BigInt(amount),
        0n,
      );
      const whole = refunded >= BigInt(licence.amount_paid);
      await updateLicenceRow(trx, id, {
        refunded_amount: refunded.toString(),
        ...(whole && licence.status === 'active'
          ? { status: 'revoked', revoked_at: deps.clock.now(), revoked_reason: 'Refunded' }
          : {}),
      });
    });
  }
}

/** The buyer's active licence for the app in the platform's mode, or null. */
export async function findActiveLicence(
  deps: Pick<LicenceDeps, 'db' | 'livemode'>,
  input: { appDid: string; buyerDid: string },
): Promise<Licence | null> {
  const row = await findActiveLicenceRow(deps.db, { ...input, livemode: toFlag(deps.livemode) });
  return row ? toLicence(row) : null;
}

/**
 * `GET /api/licences`: the signed-in visitor's licences, newest first, revoked ones too, each
 * with its app's name and title (a buyer keeps their licence of an app blocked since).
 */
export async function listOwnLicences(
  deps: Pick<LicenceDeps, 'db' | 'livemode'>,
  buyerDid: string,
): Promise<{ list: OwnLicence[]; count: number }> {
  const rows = await listLicenceRowsOfBuyer(deps.db, { buyerDid, livemode: toFlag(deps.livemode) });
  const apps = new Map(
    (await listAppRowsByDid(deps.db, [...new Set(rows.map((row) => row.app_did))])).map((app) => [
      app.did,
      app,
    ]),
  );
  const list = rows.map((row) => {
    const app = apps.get(row.app_did);
    return { ...toLicence(row), app: { name: app?.name ?? row.app_did, title: app?.title ?? row.app_did } };
  });
  return { list, count: list.length };
}

/**
 * Whether a download of `version` of a paid app is licensed: by the signed-in viewer's own active
 * licence, or by a licence token this Store signed for the app whose row is still active (a
 * refund revokes it, whatever its signature says). Either must cover the version.
 */
export async function isDownloadLicensed(
  deps: LicenceDeps,
  input: { appDid: string; version: string; viewerDid: string | null; token: string | null },
): Promise<boolean> {
  const covers = (range: string) => semver.satisfies(input.version, range, { includePrerelease: true });
  if (input.viewerDid !== null) {
    const own = await findActiveLicence(deps, { appDid: input.appDid, buyerDid: input.viewerDid });
    if (own && covers(own.versionRange)) return true;
  }
  if (input.token === null) return false;
  const claims = await verifyLicence(await licenceKey(deps), input.token);
  if (!claims || claims.app !== input.appDid || !covers(claims.versions)) return false;
  const row = await findLicenceRow(deps.db, claims.jti);
  return row !== undefined && row.status === 'active' && row.livemode === toFlag(deps.livemode);
}
