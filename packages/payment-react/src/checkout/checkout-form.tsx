import { useEffect } from 'react';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import HourglassDisabledRoundedIcon from '@mui/icons-material/HourglassDisabledRounded';
import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import type { StartCheckoutResponse } from '@bazaar/schemas';
import { useCheckout } from '../api/use-checkout.ts';
import { useSessionUser } from '../api/use-session-user.ts';
import { StatusPanel } from '../primitives/status-panel.tsx';
import { useNowSeconds } from '../primitives/use-now-seconds.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { CheckoutPayable } from './checkout-payable.tsx';
import { CheckoutSkeleton } from './checkout-skeleton.tsx';
import { CheckoutSuccess } from './checkout-success.tsx';
import { resolveCheckoutView } from './checkout-view.ts';
import { useMinimumDelay } from './use-minimum-delay.ts';

export type CheckoutMode = 'standalone' | 'inline' | 'standalone-minimal' | 'inline-minimal';

export interface CheckoutFormProps {
  /** A payment link (`plink_…`, starts a session) or a checkout session (`cs_…`). */
  id: string;
  mode?: CheckoutMode;
  /** Extra query parameters passed on when a payment link starts a session. */
  extraParams?: Record<string, string>;
  /** Preselects this currency when the session offers it. */
  currencyId?: string | null;
  /** Called once a payment link has started a session; standalone hosts rewrite their address. */
  onSessionStart?: (checkoutSessionId: string) => void;
  /** Called when the session's mode differs from the provider's, so the host can follow it. */
  onLivemodeChange?: (livemode: boolean) => void;
  onPaid?: (checkout: StartCheckoutResponse) => void;
  onError?: (error: unknown) => void;
  /** A donation offers Cancel: go back, or close the dialog the checkout is embedded in. */
  onCancel?: () => void;
}

/**
 * The checkout: `<CheckoutForm id="plink_demo_onetime" mode="inline" onPaid={…} />`.
 * One `CheckoutView` decides what shows; the switch below renders each state.
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const {
    id,
    mode = 'inline',
    extraParams,
    currencyId,
    onSessionStart,
    onLivemodeChange,
    onPaid,
    onError,
    onCancel,
  } = props;
  const { t, livemode } = usePaymentContext();
  const query = useCheckout(id, extraParams);
  const isMinDelayOver = useMinimumDelay();
  const user = useSessionUser();
  const isSummaryHidden = mode.endsWith('-minimal');
  const startedSessionId = id.startsWith('plink_') ? query.data?.checkoutSession.id : undefined;

  useEffect(() => {
    if (startedSessionId) onSessionStart?.(startedSessionId);
  }, [startedSessionId, onSessionStart]);
  const sessionLivemode = query.data?.checkoutSession.livemode;
  useEffect(() => {
    if (sessionLivemode !== undefined && sessionLivemode !== livemode) onLivemodeChange?.(sessionLivemode);
  }, [sessionLivemode, livemode, onLivemodeChange]);
  useEffect(() => {
    if (query.error) onError?.(query.error);
  }, [query.error, onError]);

  const nowSeconds = useNowSeconds(query.data?.checkoutSession.expires_at ?? null);
  const view = resolveCheckoutView(
    {
      checkout: query.data,
      error: query.error,
      isReady: isMinDelayOver && !user.isPending,
      nowSeconds,
    },
    t,
  );

  switch (view.kind) {
    case 'loading':
      return <CheckoutSkeleton isSummaryHidden={isSummaryHidden} />;
    case 'error':
      return (
        <StatusPanel
          icon={<ErrorOutlineRoundedIcon color="error" />}
          title={t('payment.checkout.error.title')}
          description={view.message}
        />
      );
    case 'expired':
      return (
        <StatusPanel
          icon={<HourglassDisabledRoundedIcon color="disabled" />}
          title={t('payment.checkout.expired.title')}
          description={t('payment.checkout.expired.description')}
        />
      );
    case 'empty':
      return (
        <StatusPanel
          icon={<RemoveShoppingCartOutlinedIcon color="disabled" />}
          title={t('payment.checkout.emptyItems.title')}
          description={t('payment.checkout.emptyItems.description')}
        />
      );
    case 'form':
      return (
        <CheckoutPayable
          checkout={view.checkout}
          checkoutQueryId={id}
          user={user.data ?? null}
          isSummaryHidden={isSummaryHidden}
          currencyId={currencyId}
          onPaid={onPaid}
          onError={onError}
          onCancel={onCancel}
        />
      );
    case 'completed':
      return <CheckoutSuccess checkout={view.checkout} />;
    default:
      return view satisfies never;
  }
}
