import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MessageKey } from '@bazaar/i18n';
import type { StartCheckoutResponse } from '@bazaar/schemas';
import { StatusPanel } from '../primitives/status-panel.tsx';
import { usePaymentContext } from '../provider/payment-context.ts';

/**
 * Where the payer goes next: their subscription for subscription and setup sessions,
 * otherwise the invoice when there is one.
 */
export function successLink(
  checkout: StartCheckoutResponse,
  apiBaseUrl: string,
): { href: string; label: MessageKey; tip: MessageKey } | null {
  const session = checkout.checkoutSession;
  const base = apiBaseUrl.replace(/\/$/, '');
  if ((session.mode === 'subscription' || session.mode === 'setup') && session.subscription_id) {
    return {
      href: `${base}/customer/subscription/${session.subscription_id}`,
      label: 'payment.checkout.completed.viewSubscription',
      tip: 'payment.checkout.completed.subscriptionTip',
    };
  }
  if (session.invoice_id) {
    return {
      href: `${base}/customer/invoice/${session.invoice_id}`,
      label: 'payment.checkout.completed.viewInvoice',
      tip: 'payment.checkout.completed.tip',
    };
  }
  return null;
}

/** The success panel; the payment link's own confirmation message replaces the default one. */
export function CheckoutSuccess({ checkout }: { checkout: StartCheckoutResponse }) {
  const { t, apiBaseUrl } = usePaymentContext();
  const session = checkout.checkoutSession;
  const customMessage = checkout.paymentLink?.after_completion.hosted_confirmation?.custom_message.trim();
  const defaultKey: MessageKey =
    session.submit_type === 'donate'
      ? 'payment.checkout.completed.donate'
      : session.mode === 'subscription' && session.trial?.applies
        ? 'payment.checkout.completed.trial'
        : `payment.checkout.completed.${session.mode}`;
  const link = successLink(checkout, apiBaseUrl);

  return (
    <StatusPanel icon={<CheckCircleRoundedIcon color="success" />} title={customMessage || t(defaultKey)}>
      <Typography color="text.secondary">{t(link?.tip ?? 'payment.checkout.completed.tip')}</Typography>
      {link ? (
        <Button variant="contained" href={link.href}>
          {t(link.label)}
        </Button>
      ) : null}
    </StatusPanel>
  );
}
