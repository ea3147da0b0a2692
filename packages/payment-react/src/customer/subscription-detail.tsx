import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { shortAddress, type Subscription } from '@bazaar/schemas';
import { formatDate } from '../format/format-date.ts';
import { cardBrandName } from '@bazaar/i18n';
import { TestModeBadge } from '../primitives/test-mode-badge.tsx';
import { useTranslate } from '../provider/payment-context.ts';
import { CustomerPageFallback } from './customer-page-fallback.tsx';
import { nextSubscriptionDate } from './subscription-dates.ts';
import { SubscriptionInvoices } from './subscription-invoices.tsx';
import { SubscriptionItems } from './subscription-items.tsx';
import { SubscriptionStatusChip } from './subscription-status-chip.tsx';
import { useSubscription, useSubscriptionInvoices } from './use-subscription.ts';

export interface SubscriptionDetailProps {
  id: string;
  /**
   * The subscription's actions (cancel, resume, change plan, change payment method), shown under
   * its header; the page renders nothing there until a host passes them.
   */
  renderActions?: (subscription: Subscription) => ReactNode;
}

/** A subscription as its customer sees it: status, plan, current period, saved card and invoices. */
export function SubscriptionDetail({ id, renderActions }: SubscriptionDetailProps) {
  const query = useSubscription(id);
  const invoices = useSubscriptionInvoices(query.data);
  const subscription = query.data;
  if (!subscription) return <CustomerPageFallback error={query.error} />;

  return (
    <Paper variant="outlined" sx={{ maxWidth: 720, mx: 'auto', my: { xs: 2, md: 6 }, p: { xs: 2.5, md: 4 } }}>
      <Stack spacing={3} divider={<Divider flexItem />}>
        <SubscriptionHeader subscription={subscription} />
        {renderActions?.(subscription)}
        <Section title="payment.subscription.plan">
          <SubscriptionItems items={subscription.items} currency={subscription.currency} />
        </Section>
        <SubscriptionFacts subscription={subscription} />
        <Section title="payment.subscription.invoices">
          <SubscriptionInvoices page={invoices.data} error={invoices.error} />
        </Section>
      </Stack>
    </Paper>
  );
}

function SubscriptionHeader({ subscription }: { subscription: Subscription }) {
  const t = useTranslate();
  const [first, ...others] = subscription.items.map((item) => item.price.product.name);
  const name = first ?? t('payment.subscription.title');
  const next = nextSubscriptionDate(subscription);
  return (
    <Stack spacing={0.5}>
      <Typography variant="overline" color="text.secondary">
        {t('payment.subscription.title')}
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          {others.length > 0 ? t('payment.subscription.moreItems', { name, count: others.length }) : name}
        </Typography>
        <SubscriptionStatusChip status={subscription.status} />
        {subscription.livemode ? null : <TestModeBadge />}
      </Stack>
      {next ? (
        <Typography color="text.secondary" data-testid="subscription-next-date">
          {t(next.label, { date: formatDate(next.at) })}
        </Typography>
      ) : null}
      {subscription.status === 'past_due' ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('payment.error.renewSubscriptionFailed')}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The current period and the card renewals are charged to, as label and value pairs. */
function SubscriptionFacts({ subscription }: { subscription: Subscription }) {
  const t = useTranslate();
  const card = subscription.payment_card;
  const facts = [
    {
      label: t('payment.subscription.currentPeriod'),
      value: t('payment.subscription.period', {
        start: formatDate(subscription.current_period_start),
        end: formatDate(subscription.current_period_end),
      }),
    },
    {
      label: t('payment.subscription.paymentMethod'),
      value: card
        ? t('payment.subscription.card', { brand: cardBrandName(card.brand), last4: card.last4 })
        : subscription.payer_address
          ? t('payment.subscription.wallet', { address: shortAddress(subscription.payer_address) })
          : t('payment.subscription.noCard'),
    },
  ];
  return (
    <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
      {facts.map((fact) => (
        <Stack key={fact.label} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <Typography component="dt" color="text.secondary" sx={{ minWidth: { sm: 180 } }}>
            {fact.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {fact.value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

function Section({
  title,
  children,
}: {
  title: 'payment.subscription.plan' | 'payment.subscription.invoices';
  children: ReactNode;
}) {
  const t = useTranslate();
  return (
    <Stack component="section" spacing={1.5} aria-label={t(title)}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t(title)}
      </Typography>
      {children}
    </Stack>
  );
}
