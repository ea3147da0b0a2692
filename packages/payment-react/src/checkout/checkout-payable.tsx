import { useState } from 'react';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import type { SessionUser, StartCheckoutResponse } from '@bazaar/schemas';
import { useCustomerMe } from '../api/use-session-user.ts';
import { formatMoney } from '@bazaar/money';
import { StatusPanel } from '../primitives/status-panel.tsx';
import { usePaymentContext } from '../provider/payment-context.ts';
import { amountDueIn, defaultPaymentOption, paymentOptions, type PaymentOption } from './checkout-amounts.ts';
import { CrossSellOffer } from './cross-sell-offer.tsx';
import { ErrorToast } from './error-toast.tsx';
import { CheckoutLayout } from './checkout-layout.tsx';
import { OrderSummary } from './order-summary.tsx';
import { readCurrencyPreference, storeCurrencyPreference } from './currency-preference.ts';
import { PaymentPanel } from './payment-panel.tsx';

export interface CheckoutPayableProps {
  checkout: StartCheckoutResponse;
  checkoutQueryId: string;
  /** The signed-in payer, null for a guest. */
  user: SessionUser | null;
  isSummaryHidden: boolean;
  currencyId?: string | null;
  onPaid?: (checkout: StartCheckoutResponse) => void;
  onError?: (error: unknown) => void;
  onCancel?: () => void;
}

/**
 * The payable form: owns the chosen method and currency, which the summary and the form share.
 * The choice starts from `?currencyId`, then the payer's last choice, then the session's currency.
 */
export function CheckoutPayable({
  checkout,
  checkoutQueryId,
  user,
  isSummaryHidden,
  currencyId,
  onPaid,
  onError,
  onCancel,
}: CheckoutPayableProps) {
  const { t, storage } = usePaymentContext();
  const did = user?.did ?? null;
  const options = paymentOptions(checkout.paymentMethods, checkout.checkoutSession);
  const [option, setOption] = useState<PaymentOption | null>(() =>
    defaultPaymentOption(options, checkout.checkoutSession.currency_id, [
      currencyId,
      readCurrencyPreference(storage, did),
    ]),
  );
  const selectOption = (next: PaymentOption) => {
    storeCurrencyPreference(storage, did, next.currency.id);
    setOption(next);
  };
  const customer = useCustomerMe(did, checkout.checkoutSession.livemode);
  // A change of lines voids the intent being paid: a wallet could still send the old amount,
  // which the server would then refuse. The order is fixed until the payment ends.
  const [isPaying, setIsPaying] = useState(false);

  if (!option) {
    return (
      <StatusPanel
        icon={<ErrorOutlineRoundedIcon color="warning" />}
        title={t('payment.checkout.card.unsupported')}
      />
    );
  }
  const due = amountDueIn(checkout.checkoutSession, option.currency.id);
  const totalText = due === null ? '' : formatMoney(due, option.currency);

  return (
    <>
      <ErrorToast />
      <CheckoutLayout
        summary={
          isSummaryHidden ? null : (
            <OrderSummary
              checkout={checkout}
              checkoutQueryId={checkoutQueryId}
              option={option}
              isLocked={isPaying}
            />
          )
        }
        aside={
          <CrossSellOffer
            checkout={checkout}
            checkoutQueryId={checkoutQueryId}
            currency={option.currency}
            isLocked={isPaying}
          />
        }
        payment={
          <PaymentPanel
            checkout={checkout}
            checkoutQueryId={checkoutQueryId}
            options={options}
            option={option}
            totalText={totalText}
            isSignedIn={user !== null}
            did={did}
            prefill={customer.data}
            onSelectOption={selectOption}
            onPaid={onPaid}
            onError={onError}
            onCancel={onCancel}
            onBusyChange={setIsPaying}
          />
        }
      />
    </>
  );
}
