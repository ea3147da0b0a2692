import {
  newStoreId,
  STAKE_RETURN_WAIT_SECONDS,
  storeStakeSchema,
  type CheckoutFacts,
  type StakeStatus,
  type StoreSettings,
  type StoreStake,
} from '@bazaar/schemas';
import { AppError, createPeriodicJob, type PeriodicJob } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { toFlag, type StoreDb } from '../../db/tables.ts';
import type { StoreDeps } from '../../deps.ts';
import {
  findStakeLinkRow,
  findStakeLinkRowById,
  findStakeRowByRefund,
  insertStakeLinkRowIfMissing,
  insertStakeRowIfMissing,
  listDueStakeRows,
  listStakeRows,
  listStakeRowsInStatus,
  updateStakeRowFrom,
  type StakeLinkRow,
  type StakeRow,
} from './repository.ts';

function toStake(row: StakeRow): StoreStake {
  return storeStakeSchema.parse({
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    returnAfter: row.return_after,
    refundId: row.refund_id,
    reason: row.reason,
    createdAt: row.created_at,
  });
}

/**
 * The stake that tells the user where they stand: the one held, else one on its way back, else
 * the newest; null if they never staked. (A second payment by a developer goes straight back and
 * must not hide the stake still held.)
 */
export async function findLatestStake(db: StoreDb, userDid: string): Promise<StoreStake | null> {
  const rows = await listStakeRows(db, userDid);
  const row =
    rows.find((each) => each.status === 'held') ??
    rows.find((each) => each.status === 'returning') ??
    rows[0];
  return row ? toStake(row) : null;
}

/** The Payment Kit, or an error saying the Store runs without it. */
export function requirePayments(deps: Pick<StoreDeps, 'payments'>) {
  if (!deps.payments) {
    throw new AppError('STAKING_CLOSED', 'This store runs without the Payment Kit, so it cannot take stakes');
  }
  return deps.payments;
}

/**
 * The Payment Kit's payment link taking the stake the settings ask for now, made the first time
 * these terms are asked for. Two nodes making one at once keep the first saved; the other link is
 * deactivated so only one takes stakes.
 */
export async function stakeLinkFor(
  deps: Pick<StoreDeps, 'db' | 'clock' | 'payments' | 'appName' | 'livemode'>,
  settings: Pick<StoreSettings, 'stakeAmount' | 'stakeCurrency'>,
): Promise<string> {
  const terms = {
    amount: settings.stakeAmount,
    currency: settings.stakeCurrency,
    livemode: toFlag(deps.livemode),
  };
  const existing = await findStakeLinkRow(deps.db, terms);
  if (existing) return existing.payment_link_id;
  const payments = requirePayments(deps);
  const link = await payments.createOneTimeLink({
    name: `${deps.appName} developer stake`,
    description: 'Held while you are a developer of this store; returned when you leave.',
    amount: terms.amount,
    currency: terms.currency,
    livemode: deps.livemode,
    metadata: { store: 'developer_stake' },
  });
  const row: StakeLinkRow = { payment_link_id: link.paymentLinkId, ...terms, created_at: deps.clock.now() };
  if (await insertStakeLinkRowIfMissing(deps.db, row)) return link.paymentLinkId;
  await payments.deactivateLink(link.paymentLinkId);
  return (await findStakeLinkRow(deps.db, terms))!.payment_link_id;
}

/** The Store's stake link a checkout paid, or undefined when the checkout bought something else. */
export function findStakeLink(db: StoreDb, paymentLinkId: string) {
  return findStakeLinkRowById(db, paymentLinkId);
}

/**
 * Records a paid stake once per checkout: its id, or null when it was already recorded. A stake
 * that backs nobody (`returnReason`: paid as a guest, or by someone who already is a developer)
 * is recorded `returning` at once, so it goes back without waiting.
 */
export async function recordStake(
  db: StoreDb,
  input: {
    checkout: CheckoutFacts & { invoiceId: string };
    link: StakeLinkRow;
    userDid: string;
    now: number;
    returnReason: string | null;
  },
): Promise<string | null> {
  const { checkout, link, now, returnReason } = input;
  const id = newStoreId('stake');
  const isNew = await insertStakeRowIfMissing(db, {
    id,
    user_did: input.userDid,
    checkout_session_id: checkout.id,
    invoice_id: checkout.invoiceId,
    amount: link.amount,
    currency: link.currency,
    currency_id: checkout.currencyId,
    livemode: toFlag(checkout.livemode),
    status: returnReason ? 'returning' : 'held',
    return_after: returnReason ? now : null,
    refund_id: null,
    reason: returnReason,
    created_at: now,
    updated_at: now,
  });
  return isNew ? id : null;
}

/** A held stake that turned out to back nobody goes back without the wait. */
export async function returnStakeNow(
  db: StoreDb,
  input: { id: string; reason: string; now: number },
): Promise<void> {
  await updateStakeRowFrom(db, input.id, 'held', {
    status: 'returning',
    return_after: input.now,
    reason: input.reason,
    updated_at: input.now,
  });
}

async function moveStakes(
  db: StoreDb,
  input: {
    userDid: string;
    from: readonly StakeStatus[];
    to: StakeStatus;
    reason: string;
    now: number;
    returnAfter?: number;
  },
): Promise<number> {
  let moved = 0;
  for (const row of await listStakeRowsInStatus(db, input.userDid, input.from)) {
    const changes = {
      status: input.to,
      reason: input.reason,
      updated_at: input.now,
      ...(input.returnAfter !== undefined && { return_after: input.returnAfter }),
    };
    if (await updateStakeRowFrom(db, row.id, row.status, changes)) moved += 1;
  }
  return moved;
}

/** A leaving developer's held stake starts its wait; answers how many stakes will go back. */
export function scheduleStakeReturn(db: StoreDb, input: { userDid: string; now: number }): Promise<number> {
  return moveStakes(db, {
    ...input,
    from: ['held'],
    to: 'returning',
    reason: 'The developer left the store',
    returnAfter: input.now + STAKE_RETURN_WAIT_SECONDS,
  });
}

/** An admin keeps a developer's stake (held, or still waiting to go back); answers how many. */
export function slashStakes(
  db: StoreDb,
  input: { userDid: string; reason: string; now: number },
): Promise<number> {
  return moveStakes(db, { ...input, from: ['held', 'returning'], to: 'slashed' });
}

const RETURN_BATCH_SIZE = 50;
const RETURNER_INTERVAL_MS = 60_000;

/**
 * Returns the stakes whose wait is over as the Payment Kit's `stake_return` refunds of their
 * invoices. A stake is marked returned only after the kit took the refund; if this node stops in
 * between, the next run asks again and the kit refuses a second whole refund of the invoice
 * (REFUND_EXCEEDS_PAYMENT), which means the first went through.
 */
export async function returnDueStakes(deps: Pick<StoreDeps, 'db' | 'clock' | 'payments'>): Promise<number> {
  const payments = requirePayments(deps);
  let returned = 0;
  for (const row of await listDueStakeRows(deps.db, deps.clock.now(), RETURN_BATCH_SIZE)) {
    let refundId: string | null;
    try {
      const refund = await payments.createRefund({
        invoice_id: row.invoice_id,
        type: 'stake_return',
        reason: 'requested_by_customer',
        description: row.reason ?? 'Developer stake returned',
      });
      refundId = refund.id;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'REFUND_EXCEEDS_PAYMENT')) throw error;
      refundId = null;
    }
    const isMoved = await updateStakeRowFrom(deps.db, row.id, 'returning', {
      status: 'returned',
      refund_id: refundId,
      updated_at: deps.clock.now(),
    });
    if (isMoved) returned += 1;
  }
  return returned;
}

/** A stake whose return the provider failed goes back to waiting, to be returned again. */
export async function retryFailedReturn(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  refundId: string,
): Promise<void> {
  const row = await findStakeRowByRefund(deps.db, refundId);
  if (!row) return;
  await updateStakeRowFrom(deps.db, row.id, 'returned', {
    status: 'returning',
    refund_id: null,
    return_after: deps.clock.now(),
    updated_at: deps.clock.now(),
  });
}

export function createStakeReturner(
  deps: Pick<StoreDeps, 'db' | 'clock' | 'payments'>,
  logger: FastifyBaseLogger,
): PeriodicJob {
  return createPeriodicJob({
    task: () => returnDueStakes(deps),
    intervalMs: RETURNER_INTERVAL_MS,
    logger,
    failureMessage: 'Returning developer stakes failed; the next run tries again',
  });
}
