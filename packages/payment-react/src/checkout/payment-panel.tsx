import { useEffect, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormProvider } from 'react-hook-form';
import type { Customer, StartCheckoutResponse } from '@bazaar/schemas';
import { usePaymentContext } from '../provider/payment-context.ts';
import { AddressFields } from './address-fields.tsx';
import { formatMoney } from '@bazaar/money';
import { lineItemProblem, totalDueIn, type PaymentOption } from './checkout-amounts.ts';
import { CustomerFields } from './customer-fields.tsx';
import { SupporterDisplayField } from './supporter-display-field.tsx';
import { DonationBenefitsList, DonationControls } from './donation-controls.tsx';
import { PayButton } from './pay-button.tsx';
import { isLoginRequired } from './pay-button-label.ts';
import { PaymentOptionList } from './payment-option-list.tsx';
import { PaymentStepDialogs, preloadPaymentStep } from './payment-step-dialogs.tsx';
import { isSubmitBusy } from './submit-machine.ts';
import { useCheckoutForm } from './use-checkout-form.ts';
import { useCheckoutSubmit } from './use-checkout-submit.ts';
import { useDonationTip } from './use-donation-tip.ts';

export interface PaymentPanelProps {
  checkout: StartCheckoutResponse;
  checkoutQueryId: string;
  options: PaymentOption[];
  option: PaymentOption;
  totalText: string;
  isSignedIn: boolean;
  /** The payer's did, null for a guest: whose donation choice is remembered. */
  did: string | null;
  prefill: Customer | null | undefined;
  onSelectOption: (option: PaymentOption) => void;
  onPaid?: (checkout: StartCheckoutResponse) => void;
  onError?: (error: unknown) => void;
  /** A donation's Cancel button: the host goes back or closes its dialog. */
  onCancel?: () => void;
  /** A payment started or ended: while one is under way the order must not change. */
  onBusyChange?: (isBusy: boolean) => void;
}

/** The payment side: contact and address fields, the method choice, and the submit flow. */
export function PaymentPanel(props: PaymentPanelProps) {
  const { checkout, option, isSignedIn, totalText } = props;
  const { requestLogin, loadWallet, t } = usePaymentContext();
  const session = checkout.checkoutSession;
  const { form, isPhoneRequired, addressMode } = useCheckoutForm(
    session,
    option,
    props.prefill ?? checkout.customer,
  );
  // A prefill that was never saved has the id ''.
  const customerId = session.customer_id ?? (props.prefill?.id || null);
  const flow = useCheckoutSubmit({
    checkoutQueryId: props.checkoutQueryId,
    sessionId: session.id,
    isDonation: session.submit_type === 'donate',
    customerId,
    onPaid: props.onPaid,
    onError: props.onError,
  });
  const { state } = flow;
  const isBusy = isSubmitBusy(state);
  const { onBusyChange } = props;
  useEffect(() => onBusyChange?.(isBusy), [isBusy, onBusyChange]);
  const needsLogin = isLoginRequired(session, isSignedIn);
  const hasLineProblem = session.line_items.some((item) => lineItemProblem(item) !== null);
  const tip = useDonationTip(props.checkoutQueryId, session, option.currency);
  const isBlocked = hasLineProblem || tip.isBlocked;

  const selectOption = (next: PaymentOption) => {
    form.setValue('payment_method', next.method.id);
    form.setValue('payment_currency', next.currency.id);
    props.onSelectOption(next);
  };
  // The form's own submit event covers the Enter key; a busy flow ignores it.
  const submitForm = form.handleSubmit((values) => (isBusy ? undefined : flow.submit(values)));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!needsLogin) {
      preloadPaymentStep(option.method.type, loadWallet);
      return submitForm(event);
    }
    event.preventDefault();
    requestLogin();
  };

  return (
    <Stack spacing={3}>
      <DonationBenefitsList tip={tip} currency={option.currency} />
      <FormProvider {...form}>
        {/* Focused fields scroll clear of the pay button that sticks to the bottom on phones. */}
        <Stack
          component="form"
          spacing={3}
          noValidate
          onSubmit={onSubmit}
          sx={{
            '& input': { scrollMarginBottom: { xs: 96, md: 0 } },
            // Hidden, not unmounted, behind the beneficiaries: what was typed stays.
            ...(tip.benefits.isOpen && { display: 'none' }),
          }}
        >
          <DonationControls tip={tip} currency={option.currency} did={props.did} isDisabled={isBusy} />
          {needsLogin ? null : <CustomerFields isPhoneCollected={isPhoneRequired} isDisabled={isBusy} />}
          {tip.isDonation && !needsLogin ? <SupporterDisplayField isDisabled={isBusy} /> : null}
          <PaymentOptionList
            options={props.options}
            selectedCurrencyId={option.currency.id}
            isDisabled={isBusy}
            amountText={(candidate) => {
              const due = totalDueIn(session, candidate);
              return due === null ? '' : formatMoney(due, candidate.currency);
            }}
            onSelect={selectOption}
          />
          {needsLogin || addressMode === 'none' ? null : (
            <AddressFields mode={addressMode} isDisabled={isBusy} />
          )}
          {state.status === 'idle' && state.error ? <Alert severity="error">{state.error}</Alert> : null}
          {state.status === 'failed' ? <Alert severity="error">{state.error}</Alert> : null}
          {state.status === 'card' ||
          state.status === 'authenticating' ||
          state.status === 'wallet' ? null : (
            <PayButton session={session} state={state} isGuest={needsLogin} isBlocked={isBlocked} />
          )}
          {tip.isDonation && props.onCancel ? (
            <Button variant="text" onClick={props.onCancel} disabled={isBusy} sx={{ mt: -1.5 }}>
              {t('common.cancel')}
            </Button>
          ) : null}
        </Stack>
      </FormProvider>
      <PaymentStepDialogs
        flow={flow}
        session={session}
        option={option}
        totalText={totalText}
        overdueCustomerId={customerId ?? props.did}
      />
    </Stack>
  );
}
