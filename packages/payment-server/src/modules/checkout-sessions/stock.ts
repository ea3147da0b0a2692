import type { PaymentDb } from '../../db/tables.ts';
import { releaseStock, takeStock } from '../prices/service.ts';
import { chargedPriceId, type SessionLine } from './line-items.ts';
import { clearReservation } from './repository.ts';

/** Units per charged price, in price-id order, so concurrent submits lock price rows in one order. */
function unitsPerPrice(lines: readonly SessionLine[]): [string, number][] {
  const units = new Map<string, number>();
  for (const line of lines)
    units.set(chargedPriceId(line), (units.get(chargedPriceId(line)) ?? 0) + line.quantity);
  return [...units].sort(([a], [b]) => a.localeCompare(b));
}

/** Takes stock for every line; false (and the caller rolls back) if any price has too little left. */
export async function reserveLines(db: PaymentDb, lines: readonly SessionLine[]): Promise<boolean> {
  for (const [priceId, quantity] of unitsPerPrice(lines)) {
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
  for (const [priceId, quantity] of unitsPerPrice(lines)) await releaseStock(db, priceId, quantity);
}
