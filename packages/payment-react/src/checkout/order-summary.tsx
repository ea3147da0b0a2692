import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StartCheckoutResponse } from '@bazaar/schemas';
import { useSessionChange } from '../api/use-session-change.ts';
import { formatMoney } from '@bazaar/money';
import { formatTrial } from '../format/format-trial.ts';
import { TestModeBadge } from '../primitives/test-mode-badge.tsx';
import { useNowSeconds } from '../primitives/use-now-seconds.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { totalDueIn, type PaymentOption } from './checkout-amounts.ts';
import { checkoutHeadline } from './checkout-headline.ts';
import { LineItemRow } from './line-item-row.tsx';
import { SummaryTotals } from './summary-totals.tsx';
import { hasUpsell, UpsellSwitch } from './upsell-switch.tsx';

export interface OrderSummaryProps {
  checkout: StartCheckoutResponse;
  checkoutQueryId: string;
  /** The chosen method and currency: amounts show in its currency, the arcblock method adds its stake. */
  option: PaymentOption;
  /** A payment is under way: the upsell switch waits until it ends. */
  isLocked?: boolean;
}

/** What the payer is buying and what it costs, in the chosen currency, with the upsell switch. */
export function OrderSummary({ checkout, checkoutQueryId, option, isLocked = false }: OrderSummaryProps) {
  const t = useTranslate();
  const session = checkout.checkoutSession;
  const items = session.line_items;
  const { change, isChanging, savingsPercent } = useSessionChange(checkoutQueryId, session.id);
  const { currency } = option;
  const due = totalDueIn(session, option);
  const nowSeconds = useNowSeconds();
  const trial = formatTrial(session, currency.id, nowSeconds, t);

  return (
    <Stack spacing={3} aria-label={t('payment.checkout.summary.title')}>
      <Stack spacing={1}>
        {/* The badge shares the payee's line, so the summary is as tall in test mode as in live mode
            and the skeleton (which cannot know the mode yet) matches both. */}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography component="h1" color="text.secondary" sx={{ fontWeight: 500 }}>
            {checkoutHeadline(checkout, t)}
          </Typography>
          {session.livemode ? null : <TestModeBadge />}
        </Stack>
        <Typography component="p" variant="h4" sx={{ fontWeight: 700, letterSpacing: '-0.02em' }}>
          {due === null ? '—' : formatMoney(due, currency)}
        </Typography>
        {trial ? (
          <Typography color="success.main" sx={{ fontWeight: 600 }} data-testid="trial">
            {trial}
          </Typography>
        ) : null}
      </Stack>
      <Stack spacing={2} divider={<Divider flexItem />}>
        {items.map((item) => (
          <LineItemRow key={item.price_id} item={item} session={session} currency={currency} />
        ))}
      </Stack>
      {hasUpsell(items) ? (
        <UpsellSwitch
          item={items[0]!}
          savingsPercent={savingsPercent}
          isChanging={isChanging || isLocked}
          onUpsell={(from, to) => change({ type: 'upsell', from, to })}
          onDownsell={(from) => change({ type: 'downsell', from })}
        />
      ) : null}
      <Divider />
      <SummaryTotals session={session} option={option} />
    </Stack>
  );
}
