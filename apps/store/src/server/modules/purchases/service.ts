import { COMPONENT_IDS, type AppPrice } from '@bazaar/schemas';
import { toFlag, type StoreDb } from '../../db/tables.ts';
import type { StoreDeps } from '../../deps.ts';
import { requirePayments } from '../stakes/service.ts';
import {
  activatePriceLinkRow,
  deactivateOtherPriceLinkRows,
  findPriceLinkRow,
  findPriceLinkRowById,
  insertPriceLinkRowIfMissing,
  type PriceLinkRow,
  type PriceTerms,
} from './repository.ts';

export type { PriceLinkRow } from './repository.ts';

export interface PriceLinkInput {
  app: { did: string; name: string; title: string };
  developer: { did: string; username: string };
  price: NonNullable<AppPrice>;
  storeSharePercent: number;
}

/**
 * The Payment Kit's payment link that sells `app` at its price, with the developer and the Store
 * as its beneficiaries: made the first time someone buys at these terms and reused after. When
 * the price or the Store's share changes, the app's earlier links stop starting checkouts (those
 * already open may still be paid, at the price they showed), so one price is on sale at a time.
 */
export async function priceLinkFor(
  deps: Pick<StoreDeps, 'db' | 'clock' | 'payments' | 'appName' | 'livemode'>,
  input: PriceLinkInput,
): Promise<string> {
  const payments = requirePayments(deps);
  const terms: PriceTerms = {
    app_did: input.app.did,
    amount: input.price.amount,
    currency: input.price.currency,
    store_share_percent: input.storeSharePercent,
    livemode: toFlag(deps.livemode),
  };
  let row = await findPriceLinkRow(deps.db, terms);
  if (!row) {
    const link = await payments.createOneTimeLink({
      name: input.app.title,
      description: `${input.app.name} from ${deps.appName}`,
      amount: input.price.amount,
      currency: input.price.currency,
      livemode: deps.livemode,
      metadata: { store: 'app_purchase', app_did: input.app.did },
      beneficiaries: [
        {
          name: input.developer.username,
          address: input.developer.did,
          percent: 100 - input.storeSharePercent,
        },
        { name: deps.appName, address: COMPONENT_IDS.store, percent: input.storeSharePercent },
      ].filter((beneficiary) => beneficiary.percent > 0),
    });
    const fresh: PriceLinkRow = {
      ...terms,
      payment_link_id: link.paymentLinkId,
      currency_id: link.currencyId,
      unit_amount: link.unitAmount,
      active: 1,
      created_at: deps.clock.now(),
    };
    if (await insertPriceLinkRowIfMissing(deps.db, fresh)) row = fresh;
    else {
      // Two first buyers at once: the other's link stands, this one is withdrawn unused.
      await payments.deactivateLink(link.paymentLinkId);
      row = (await findPriceLinkRow(deps.db, terms))!;
    }
  } else if (row.active === 0) {
    await payments.activateLink(row.payment_link_id);
    await activatePriceLinkRow(deps.db, row.payment_link_id);
  }
  const superseded = await deactivateOtherPriceLinkRows(deps.db, {
    appDid: input.app.did,
    livemode: terms.livemode,
    keep: row.payment_link_id,
  });
  for (const paymentLinkId of superseded) await payments.deactivateLink(paymentLinkId);
  return row.payment_link_id;
}

/** The Store's price link a checkout paid, or undefined when the checkout bought something else. */
export function findPriceLink(db: StoreDb, paymentLinkId: string): Promise<PriceLinkRow | undefined> {
  return findPriceLinkRowById(db, paymentLinkId);
}
