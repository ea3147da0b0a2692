import type { LineItem } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentLimits } from '../../limits.ts';
import { releaseStock, takeStock } from '../prices/service.ts';
import { chargedPrice, chargedPriceId, type SessionLine } from './line-items.ts';
import { clearReservation, countHeldSessions } from './repository.ts';

/** Units per charged price, in price-id order, so concurrent submits lock price rows in one order. */
function unitsPerPrice(lines: readonly SessionLine[]): [string, number][] {
  const units = new Map<string, number>();
  for (const line of lines)
    units.set(chargedPriceId(line), (units.get(chargedPriceId(line)) ?? 0) + line.quantity);
  return [...units].sort(([a], [b]) => a.localeCompare(b));
}

/** Whether a line charges a price with limited stock (`quantity_available` above 0). */
const isLimited = (item: LineItem) => chargedPrice(item).quantity_available > 0;

/**
 * Takes stock for every line of limited stock; false (and the caller rolls back) if any price
 * has too little left. A price without a limit has no stock to take, and its row is left
 * unlocked: every checkout of a popular app would otherwise queue on that one row.
 */
export async function reserveLines(db: PaymentDb, items: readonly LineItem[]): Promise<boolean> {
  for (const [priceId, quantity] of unitsPerPrice(items.filter(isLimited))) {
    if (!(await takeStock(db, priceId, quantity))) return false;
  }
  return true;
}

/**
 * Gives back what the session reserved at submit, once. Its lines are the reserved ones: every
 * change of lines goes through here before it is written.
 */
export async function releaseReservation(db: PaymentDb, sessionId: string, lines: readonly SessionLine[]) {
  if (!(await clearReservation(db, sessionId))) return;
  await releaseLines(db, lines);
}

export async function releaseLines(db: PaymentDb, lines: readonly SessionLine[]): Promise<void> {
  for (const [priceId, quantity] of unitsPerPrice(lines)) await releaseStock(db, priceId, quantity);
}

/**
 * Until when a submit holds the session's stock: limited stock (a price with
 * `quantity_available`) only for `stockHoldSeconds`, so an unpaid checkout cannot keep it from
 * other buyers; null when no line is limited and nobody else can be kept from buying.
 */
export function holdUntil(lines: readonly LineItem[], now: number, limits: PaymentLimits): number | null {
  return lines.some(isLimited) ? now + limits.stockHoldSeconds : null;
}

/**
 * One customer may hold limited stock in `stockHoldsPerCustomer` unpaid checkouts at once, so one
 * free account cannot hold all of it by opening checkout after checkout.
 */
export async function assertMayHoldStock(
  db: PaymentDb,
  input: { customerId: string; sessionId: string; now: number; limits: PaymentLimits },
): Promise<void> {
  const held = await countHeldSessions(db, {
    customerId: input.customerId,
    exceptSessionId: input.sessionId,
    now: input.now,
  });
  if (held >= input.limits.stockHoldsPerCustomer) {
    throw new AppError(
      'STOCK_HOLD_LIMIT',
      `You already hold stock in ${held} unpaid checkouts; pay one or wait until its hold lapses`,
    );
  }
}
