import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { cardBrandName } from '@bazaar/i18n';
import {
  formatDateTimeMinutes,
  formatMoney,
  TransactionHash,
  transactionUrl,
  useTranslate,
} from '@bazaar/payment-react';
import type { AdminPayment } from '@bazaar/schemas';
import { DetailList } from '../components/detail-list.tsx';

/** How it was paid: the method, and the card when one was presented. */
function methodText(payment: AdminPayment, t: ReturnType<typeof useTranslate>): string {
  const details = payment.payment_details;
  if (!details || !('last4' in details)) return payment.payment_method.name;
  const card = t('payment.subscription.card', { brand: cardBrandName(details.brand), last4: details.last4 });
  return `${payment.payment_method.name} · ${card}`;
}

/**
 * A payment's facts: its amounts (what came in, what went back, what may still go back), whom and
 * what it paid (linked to their pages), how it was paid, and where to look it up outside the kit:
 * Stripe's dashboard, or the chain's explorer.
 */
export function PaymentFacts({ payment }: { payment: AdminPayment }) {
  const t = useTranslate();
  const money = (amount: string) => formatMoney(amount, payment.currency);
  const { customer, invoice, provider, chain } = payment;
  const hasRefunds = payment.refunds.length > 0;

  return (
    <DetailList
      rows={[
        [t('payment.admin.field.id'), payment.id],
        [t('payment.admin.payment.amount'), money(payment.amount)],
        [t('payment.admin.payment.received'), money(payment.amount_received)],
        [t('payment.admin.payment.refunded'), hasRefunds ? money(payment.amount_refunded) : ''],
        [
          t('payment.admin.payment.refundable'),
          payment.status === 'succeeded' ? money(payment.amount_refundable) : '',
        ],
        [
          t('payment.admin.payment.customer'),
          customer ? (
            <Link component={RouterLink} to={`/admin/customers/${encodeURIComponent(customer.id)}`}>
              {customer.name || customer.email || customer.id}
            </Link>
          ) : (
            ''
          ),
        ],
        [
          t('payment.admin.payment.invoice'),
          invoice ? (
            <Link component={RouterLink} to={`/admin/invoices/${encodeURIComponent(invoice.id)}`}>
              {invoice.number}
            </Link>
          ) : (
            ''
          ),
        ],
        [t('payment.admin.payment.checkoutSession'), payment.checkout_session_id ?? ''],
        [t('payment.admin.payment.method'), methodText(payment, t)],
        [
          t('payment.admin.payment.stripe'),
          provider ? (
            <Link href={provider.dashboard_url} target="_blank" rel="noopener">
              {provider.payment_intent_id}
            </Link>
          ) : (
            ''
          ),
        ],
        [t('payment.admin.payment.chain'), chain ? String(chain.chain_id) : ''],
        [
          t('payment.invoice.transaction'),
          chain?.tx_hash ? (
            <TransactionHash
              hash={chain.tx_hash}
              url={transactionUrl({ tx_hash: chain.tx_hash, explorer_host: chain.explorer_host })}
            />
          ) : (
            ''
          ),
        ],
        [t('payment.admin.payment.payer'), chain?.payer ?? ''],
        [t('payment.admin.payment.failure'), payment.last_payment_error?.message ?? ''],
        [t('payment.admin.field.created'), formatDateTimeMinutes(payment.created_at)],
      ]}
    />
  );
}
