import type { CheckoutSessionChange, CrossSellOffer, Price } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { cancelPayableIntent } from '../payment-intents/service.ts';
import { findPaymentLink, type PaymentLinkConfig } from '../payment-links/service.ts';
import { getCurrency } from '../payment-methods/service.ts';
import { getPricesById } from '../prices/service.ts';
import { linePriceIds, priceSession, upsellSavings, type SessionLine } from './line-items.ts';
import { assertMayActOnSession, sessionCustomerDid, type CheckoutActor } from './access.ts';
import { assertCustomAmount } from './purchase-rules.ts';
import { updateOpenSession, type CheckoutSessionRow } from './repository.ts';
import { getSessionRow, lockOpenSession, sessionLines, sessionTrial, toCheckoutSession } from './service.ts';
import { releaseReservation } from './stock.ts';

type ChangeDeps = Pick<PaymentDeps, 'db' | 'clock' | 'catalogue'>;
type LinesChange = (lines: SessionLine[], row: CheckoutSessionRow, db: PaymentDb) => Promise<SessionLine[]>;

/** Which session to change, and who asks: only its payer may (see access.ts). */
interface ChangeTarget {
  sessionId: string;
  actor: CheckoutActor;
}

/**
 * Applies a change to an open session's lines under its row lock, recomputes and stores its
 * totals, gives back stock a submit had reserved for the old lines and voids the intent it had
 * readied for the old total (the next submit takes stock and readies an intent for the new
 * lines). A refused change writes nothing.
 */
async function changeLines(
  deps: ChangeDeps,
  { sessionId, actor }: ChangeTarget,
  change: LinesChange,
): Promise<CheckoutSessionRow> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const locked = await lockOpenSession(trx, { id: sessionId, now });
    assertMayActOnSession(locked, await sessionCustomerDid(trx, locked), actor);
    const before = sessionLines(locked);
    const lines = await change(before, locked, trx);
    const prices = await getPricesById(trx, linePriceIds(lines));
    const { totals } = priceSession({
      lines,
      prices,
      currencyId: locked.currency_id,
      trial: sessionTrial(locked),
      now,
    });
    await releaseReservation(trx, sessionId, before);
    if (locked.payment_intent_id)
      await cancelPayableIntent({ db: trx, clock: deps.clock }, locked.payment_intent_id);
    const changes = {
      line_items: JSON.stringify(lines),
      amount_subtotal: totals.subtotal.toString(),
      amount_total: totals.amountDueNow.toString(),
    };
    await updateOpenSession(trx, sessionId, changes);
    return { ...locked, ...changes, inventory_reserved: 0, inventory_held_until: null };
  });
}

async function respond(
  deps: ChangeDeps,
  row: CheckoutSessionRow,
  savings: number | null,
): Promise<CheckoutSessionChange> {
  const catalogue = await deps.catalogue.read(deps.db);
  return { checkoutSession: await toCheckoutSession(deps, row, catalogue), savings_percent: savings };
}

async function requirePrices(db: PaymentDb, ids: string[]): Promise<Map<string, Price>> {
  const prices = await getPricesById(db, ids);
  for (const id of ids) if (!prices.has(id)) throw new AppError('NOT_FOUND', `No such price: ${id}`);
  return prices;
}

/** The one line an upsell or downsell may act on: upsells are offered for single-line sessions only. */
function upsellLine(lines: readonly SessionLine[], matches: (line: SessionLine) => boolean): SessionLine {
  const [line] = lines;
  if (lines.length !== 1 || !line || !matches(line)) {
    throw new AppError('UPSELL_UNAVAILABLE', 'This checkout session has no such upsell');
  }
  return line;
}

/** `PUT …/{id}/upsell`: charge the line's `upsells_to` price instead of its own. */
export async function upsellSession(
  deps: ChangeDeps,
  input: ChangeTarget & { from: string; to: string },
): Promise<CheckoutSessionChange> {
  let savings = 0;
  const row = await changeLines(deps, input, async (lines, session, db) => {
    const line = upsellLine(
      lines,
      (candidate) => candidate.price_id === input.from && candidate.upsell_price_id === null,
    );
    const prices = await requirePrices(db, [input.from, input.to]);
    const from = prices.get(input.from)!;
    const to = prices.get(input.to)!;
    if (from.upsell?.upsells_to_id !== input.to || !to.active) {
      throw new AppError('UPSELL_UNAVAILABLE', `Price ${input.from} does not upsell to ${input.to}`);
    }
    savings = upsellSavings(from, to, session.currency_id);
    return [{ ...line, upsell_price_id: input.to, custom_amount: null }];
  });
  return respond(deps, row, savings);
}

/** `PUT …/{id}/downsell`: back from the upsell to the line's own price. */
export async function downsellSession(
  deps: ChangeDeps,
  input: ChangeTarget & { from: string },
): Promise<CheckoutSessionChange> {
  let savings = 0;
  const row = await changeLines(deps, input, async (lines, session, db) => {
    const line = upsellLine(
      lines,
      (candidate) =>
        candidate.upsell_price_id !== null &&
        (candidate.upsell_price_id === input.from || candidate.price_id === input.from),
    );
    const prices = await requirePrices(db, [line.price_id, line.upsell_price_id!]);
    savings = upsellSavings(
      prices.get(line.price_id)!,
      prices.get(line.upsell_price_id!)!,
      session.currency_id,
    );
    return [{ ...line, upsell_price_id: null, custom_amount: null }];
  });
  return respond(deps, row, savings);
}

/** The payment link's add-on for this session: its line flagged `cross_sell`, if any. */
export async function crossSellPriceId(db: PaymentDb, row: CheckoutSessionRow): Promise<string | null> {
  return crossSellPriceOf(row.payment_link_id ? await findPaymentLink(db, row.payment_link_id) : null);
}

/** The same, from a link already read: its line flagged `cross_sell`. */
export function crossSellPriceOf(link: PaymentLinkConfig | null): string | null {
  return link?.line_items.find((line) => line.cross_sell)?.price_id ?? null;
}

/** `GET …/{id}/cross-sell`: the link's add-on, unless there is none or it is already in the cart. */
export async function getCrossSellOffer(deps: ChangeDeps, sessionId: string): Promise<CrossSellOffer> {
  const row = await getSessionRow(deps.db, sessionId);
  const priceId = await crossSellPriceId(deps.db, row);
  if (!priceId) return { error: 'This checkout session has no cross-sell price' };
  if (sessionLines(row).some((line) => line.price_id === priceId)) {
    return { error: 'The cross-sell price is already in this checkout session' };
  }
  const price = (await getPricesById(deps.db, [priceId])).get(priceId);
  return price?.active ? price : { error: 'The cross-sell price is no longer available' };
}

/** `PUT …/{id}/cross-sell`: put the link's add-on in the cart, once. */
export async function addCrossSell(
  deps: ChangeDeps,
  input: ChangeTarget & { to: string },
): Promise<CheckoutSessionChange> {
  const row = await changeLines(deps, input, async (lines, session, db) => {
    const priceId = await crossSellPriceId(db, session);
    if (priceId !== input.to || lines.some((line) => line.price_id === input.to)) {
      throw new AppError(
        'CROSS_SELL_UNAVAILABLE',
        `Price ${input.to} cannot be added to this checkout session`,
      );
    }
    return [
      ...lines,
      { price_id: input.to, quantity: 1, custom_amount: null, upsell_price_id: null, cross_sell: true },
    ];
  });
  return respond(deps, row, null);
}

/** `DELETE …/{id}/cross-sell`: take the add-on out again (nothing to do when it is not there). */
export async function removeCrossSell(deps: ChangeDeps, input: ChangeTarget): Promise<CheckoutSessionChange> {
  const row = await changeLines(deps, input, async (lines) => lines.filter((line) => !line.cross_sell));
  return respond(deps, row, null);
}

/** `PUT …/{id}/amount`: the unit amount of a pay-what-you-want line, checked as submit checks it. */
export async function setCustomAmount(
  deps: ChangeDeps,
  input: ChangeTarget & { priceId: string; amount: string },
): Promise<CheckoutSessionChange> {
  const row = await changeLines(deps, input, async (lines, session, db) => {
    const index = lines.findIndex((line) => (line.upsell_price_id ?? line.price_id) === input.priceId);
    if (index === -1)
      throw new AppError('NOT_FOUND', `No line with price ${input.priceId} in this checkout session`);
    const prices = await requirePrices(db, [input.priceId]);
    assertCustomAmount(
      prices.get(input.priceId)!,
      await getCurrency(db, session.currency_id),
      BigInt(input.amount),
    );
    return lines.map((line, at) => (at === index ? { ...line, custom_amount: input.amount } : line));
  });
  return respond(deps, row, null);
}
