import type { CollectOverdueResponse, SessionUser } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { getAddress } from 'viem';
import type { PaymentDeps } from '../deps.ts';
import { leaseInvoiceRow } from '../modules/invoices/repository.ts';
import { getOverdueInvoices, type OverdueTarget } from '../modules/invoices/overdue.ts';
import { getOwnInvoice } from '../modules/invoices/service.ts';
import { findCurrencyRow } from '../modules/payment-methods/repository.ts';
import { customerNow } from '../modules/test-clocks/service.ts';
import { payerCollectionKey } from '../modules/chain-payments/attempt-keys.ts';
import { CHAIN_CONFIRMATION_WINDOW_SECONDS } from '../modules/chain-payments/service.ts';
import { ensureInvoiceIntent } from './invoice-intent.ts';
import { confirmSoon } from './confirm-chain-transactions.ts';
import { APPROVAL_PERIODS, chainAnswer, readChainStanding } from './pay-by-chain.ts';
import { startPull } from './vault-transactions.ts';
import { getSubscriptionRow } from '../modules/subscriptions/service.ts';

/** What to collect: one invoice, or what is overdue for a subscription or a customer. */
export type CollectTarget = OverdueTarget | { kind: 'invoice'; id: string };

/** Overdue invoices a payer may still pay (an uncollectible one too: the engine gave up, the payer need not). */
const PAYABLE_INVOICE_STATUSES = ['open', 'uncollectible'];

/**
 * `POST /invoices/collect-batch`: the payer pays what is overdue in one chain currency (or one
 * invoice of theirs, from its page). When
 * their approval to the vault and their balance cover the total, the vault pulls each invoice
 * (leased to the payer meanwhile, so the engine does not pull it too) and every one confirmed
 * is paid as on the invoice page, announcing `invoice.paid`; otherwise the answer asks the wallet
 * to approve the total and a year of renewals, and the page calls again.
 */
export async function collectOverdueByChain(
  deps: PaymentDeps,
  input: { target: CollectTarget; currencyId: string; user: SessionUser; livemode: boolean },
): Promise<CollectOverdueResponse> {
  const { user, target } = input;
  if (!user.walletAddress) {
    throw new AppError('WALLET_REQUIRED', 'Bind a wallet before paying with this method');
  }
  // One invoice (its own page) may be paid before it is overdue; a batch is what is overdue.
  const candidates =
    target.kind === 'invoice'
      ? [await getOwnInvoice(deps.db, { id: target.id, did: user.did })]
      : (
          await getOverdueInvoices(deps, {
            target,
            viewer: { did: user.did, isAdmin: false },
            livemode: input.livemode,
          })
        ).invoices;
  const invoices = candidates.filter(
    (invoice) =>
      invoice.currency_id === input.currencyId && PAYABLE_INVOICE_STATUSES.includes(invoice.status),
  );
  if (invoices.length === 0) throw new AppError('NOT_FOUND', 'Nothing is overdue in this currency');
  const currency = (await findCurrencyRow(deps.db, input.currencyId))!;
  const total = invoices.reduce((sum, invoice) => sum + BigInt(invoice.amount_remaining), 0n);
  const largest = invoices.reduce((max, invoice) => {
    const amount = BigInt(invoice.amount_remaining);
    return amount > max ? amount : max;
  }, 0n);
  const standing = await readChainStanding(deps, {
    methodId: currency.payment_method_id,
    currency,
    payer: getAddress(user.walletAddress),
    amount: total,
    renewal: 0n,
  });
  const { method, token, payer } = standing;

  if (standing.isDelegationSufficient) {
    const now = await customerNow(deps.db, deps.clock, invoices[0]!.customer_id);
    for (const invoice of invoices) {
      const leased = await leaseInvoiceRow(deps.db, {
        id: invoice.id,
        holder: 'payer',
        now,
        until: now + CHAIN_CONFIRMATION_WINDOW_SECONDS,
        statuses: PAYABLE_INVOICE_STATUSES,
      });
      // The engine is collecting it right now: its own attempt settles it.
      if (!leased) continue;
      const subscription = leased.subscription_id
        ? await getSubscriptionRow(deps.db, leased.subscription_id)
        : null;
      // An invoice that names no method (a manual one) is paid with its currency's, as on the card page.
      const intent = await ensureInvoiceIntent(deps.db, {
        invoice: { ...leased, payment_method_id: leased.payment_method_id ?? method.id },
        subscription,
        now,
      });
      if (intent.status === 'processing' || intent.status === 'succeeded') continue;
      const pull = await startPull(deps, {
        method,
        token,
        intentId: intent.id,
        attemptKey: payerCollectionKey(leased.id, now),
        from: payer!,
        amount: BigInt(leased.amount_remaining),
      });
      await confirmSoon(deps, pull.id);
    }
  }
  return {
    ...chainAnswer(standing, {
      action: standing.isDelegationSufficient ? 'none' : 'approve',
      approveAmount: total + largest * APPROVAL_PERIODS,
    }),
    invoices,
  };
}
