/**
 * The share of `amount` for the unused part of a period: floor(amount × remaining / period),
 * exact in bigint so 18-decimal tokens lose nothing but the last unit. Flooring favours the
 * customer on a charge and the merchant on a credit by at most one smallest unit.
 * `prorate(3000n, 10 * DAY, 30 * DAY)` → `1000n`.
 */
export function prorate(amount: bigint, remainingSeconds: number, periodSeconds: number): bigint {
  if (amount < 0n) throw new RangeError(`Cannot prorate a negative amount: ${amount}`);
  if (!Number.isSafeInteger(periodSeconds) || periodSeconds <= 0) {
    throw new RangeError(`Invalid period length: ${periodSeconds}`);
  }
  if (!Number.isSafeInteger(remainingSeconds))
    throw new RangeError(`Invalid remaining time: ${remainingSeconds}`);
  const remaining = Math.min(Math.max(remainingSeconds, 0), periodSeconds);
  return (amount * BigInt(remaining)) / BigInt(periodSeconds);
}

export interface PlanChangeInput {
  now: number;
  periodStart: number;
  periodEnd: number;
  /** What the current plan costs per period. */
  oldAmount: bigint;
  /** What the new plan costs per period. */
  newAmount: bigint;
  /** Same interval and count: the current period is kept and both sides are prorated. */
  sameInterval: boolean;
  /** End of the first period of the new plan when the interval changes (the cycle restarts at `now`). */
  newPeriodEnd: number;
  /** Credit the customer already holds (≥ 0), spent before any new charge. */
  customerCredit: bigint;
}

export interface PlanChangePreview {
  /** The old plan's unused time, returned as credit. */
  unusedCredit: bigint;
  /** What the new plan costs for the rest of the (kept or restarted) period. */
  newCharge: bigint;
  /** Credit (unused + held) that reduces today's charge; never more than `newCharge`. */
  appliedCredit: bigint;
  amountDueToday: bigint;
  /** Credit left over: the customer's whole balance after the change (it replaces `customerCredit`). */
  newCredit: bigint;
  /** The next renewal's amount before any remaining credit is applied to it. */
  nextInvoiceAmount: bigint;
  nextInvoiceAt: number;
  /** The period after the change. */
  periodStart: number;
  periodEnd: number;
}

/**
 * What changing plan at `now` costs, Stripe-like: the old plan's unused time becomes credit;
 * on the same interval the new plan is charged for the rest of the current period, on another
 * interval the cycle restarts now and the new plan is charged in full. Credit pays as much of
 * the charge as it can and the rest stays with the customer.
 */
export function previewPlanChange(input: PlanChangeInput): PlanChangePreview {
  const { now, periodStart, periodEnd, oldAmount, newAmount, sameInterval, newPeriodEnd, customerCredit } =
    input;
  if (customerCredit < 0n) throw new RangeError(`Customer credit must not be negative: ${customerCredit}`);
  if (newAmount < 0n) throw new RangeError(`Plan amount must not be negative: ${newAmount}`);
  if (!sameInterval && !(newPeriodEnd > now)) {
    throw new RangeError(`The new period must end after ${now}, got ${newPeriodEnd}`);
  }
  const periodSeconds = periodEnd - periodStart;
  const unusedCredit = prorate(oldAmount, periodEnd - now, periodSeconds);
  const newCharge = sameInterval ? prorate(newAmount, periodEnd - now, periodSeconds) : newAmount;
  const availableCredit = unusedCredit + customerCredit;
  const appliedCredit = availableCredit < newCharge ? availableCredit : newCharge;
  const period = sameInterval ? { start: periodStart, end: periodEnd } : { start: now, end: newPeriodEnd };
  return {
    unusedCredit,
    newCharge,
    appliedCredit,
    amountDueToday: newCharge - appliedCredit,
    newCredit: availableCredit - appliedCredit,
    nextInvoiceAmount: newAmount,
    nextInvoiceAt: period.end,
    periodStart: period.start,
    periodEnd: period.end,
  };
}
