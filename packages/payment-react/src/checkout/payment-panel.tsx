import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm } from 'react-hook-form';
import type { Customer, StartCheckoutResponse } from '@bazaar/schemas';
import { useSessionChange } from '../api/use-session-change.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { AddressFields } from './address-fields.tsx';
import { cardPurpose } from './card-purpose.ts';
import { formatMoney } from '../format/format-money.ts';
import { lineItemProblem, linePrice, totalDueIn, type PaymentOption } from './checkout-amounts.ts';
import {
  checkoutFormRules,
  createCheckoutFormSchema,
  type CheckoutFormValues,
  type CheckoutSubmitValues,
} from './checkout-form-schema.ts';
import { DEFAULT_COUNTRY, DEFAULT_PHONE_COUNTRY } from './countries.ts';
import { CustomerFields } from './customer-fields.tsx';
import { customAmountTermsIn } from './custom-amount.ts';
import { DonationAmountPicker } from './donation-amount-picker.tsx';
import { BenefitsToggle, BenefitsView } from './donation-benefits-loader.tsx';
import { PayButton } from './pay-button.tsx';
import { isLoginRequired } from './pay-button-label.ts';
import { PaymentOptionList } from './payment-option-list.tsx';
import { isSubmitBusy } from './submit-machine.ts';
import { useCheckoutPrefill } from './use-checkout-prefill.ts';
import { useCheckoutSubmit } from './use-checkout-submit.ts';
import { useDonationBenefits } from './use-donation-benefits.ts';

// The card step shows once the server asks for a card: it starts loading when the form is submitted.
const loadCardStep = () => import('./card-step.tsx');
const CardStep = lazy(() => loadCardStep().then((module) => ({ default: module.CardStep })));
// Only the test card that asks for 3-D Secure opens it.
const AuthenticationDialog = lazy(() =>
  import('./authentication-dialog.tsx').then((module) => ({ default: module.AuthenticationDialog })),
);
// The wallet step is for chain payments only: it starts loading when one is submitted, with the
// wallet code it calls.
const loadWalletStep = () => import('./wallet-step.tsx');
const WalletStep = lazy(() => loadWalletStep().then((module) => ({ default: module.WalletStep })));
// Only a payer without a linked wallet sees it.
const BindWalletDialog = lazy(() =>
  import('../wallet/bind-wallet-dialog.tsx').then((module) => ({ default: module.BindWalletDialog })),
);
// Only a payer with past-due invoices ever sees it, so it loads when needed.
const OverdueInvoicesDialog = lazy(() =>
  import('../overdue/overdue-invoices-dialog.tsx').then((module) => ({
    default: module.OverdueInvoicesDialog,
  })),
);

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
  const { isPhoneRequired, addressMode } = checkoutFormRules(session, option.method.type === 'stripe');
  const schema = useMemo(
    () => createCheckoutFormSchema({ isPhoneRequired, addressMode }),
    [isPhoneRequired, addressMode],
  );
  const form = useForm<CheckoutFormValues, unknown, CheckoutSubmitValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      customer_name: '',
      customer_email: '',
      customer_phone: '',
      phone_country: DEFAULT_PHONE_COUNTRY,
      payment_method: option.method.id,
      payment_currency: option.currency.id,
      billing_address: {
        country: DEFAULT_COUNTRY,
        state: '',
        city: '',
        line1: '',
        line2: '',
        postal_code: '',
      },
    },
  });
  useCheckoutPrefill(form, props.prefill ?? checkout.customer);
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
  const amountChange = useSessionChange(props.checkoutQueryId, session.id);
  const [isAmountValid, setIsAmountValid] = useState(true);
  const donationItem = session.submit_type === 'donate' ? session.line_items[0] : undefined;
  const donationTerms = donationItem
    ? customAmountTermsIn(linePrice(donationItem), option.currency.id)
    : null;
  const isBlocked = hasLineProblem || (donationTerms !== null && (!isAmountValid || amountChange.isChanging));
  const benefits = useDonationBenefits(donationItem ? session : null, option.currency);
  // Mounted from the first authentication on, so the dialog still fades out when it closes.
  const [hasAuthenticated, setHasAuthenticated] = useState(false);
  if (state.status === 'authenticating' && !hasAuthenticated) setHasAuthenticated(true);

  const selectOption = (next: PaymentOption) => {
    form.setValue('payment_method', next.method.id);
    form.setValue('payment_currency', next.currency.id);
    props.onSelectOption(next);
  };
  // The form's own submit event covers the Enter key; a busy flow ignores it.
  const submitForm = form.handleSubmit((values) => (isBusy ? undefined : flow.submit(values)));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!needsLogin) {
      // A failed early load is no loss: each part loads again when it is needed.
      const preloads = option.method.type === 'stripe' ? [loadCardStep()] : [loadWalletStep(), loadWallet()];
      for (const preload of preloads) preload.catch(() => undefined);
      return submitForm(event);
    }
    event.preventDefault();
    requestLogin();
  };

  return (
    <Stack spacing={3}>
      {benefits.isOpen ? (
        <Suspense fallback={null}>
          <BenefitsView benefits={benefits.list} currency={option.currency} onClose={benefits.close} />
        </Suspense>
      ) : null}
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
            ...(benefits.isOpen && { display: 'none' }),
          }}
        >
          {donationItem && donationTerms ? (
            <DonationAmountPicker
              key={option.currency.id}
              item={donationItem}
              terms={donationTerms}
              currency={option.currency}
              did={props.did}
              isDisabled={isBusy}
              onChange={amountChange.change}
              onValidityChange={setIsAmountValid}
              action={
                benefits.list.length > 0 ? (
                  <Suspense fallback={null}>
                    <BenefitsToggle
                      ref={benefits.toggleRef}
                      benefits={benefits.list}
                      onOpen={benefits.open}
                    />
                  </Suspense>
                ) : null
              }
            />
          ) : null}
          {needsLogin ? null : <CustomerFields isPhoneCollected={isPhoneRequired} isDisabled={isBusy} />}
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
          {donationItem && props.onCancel ? (
            <Button variant="text" onClick={props.onCancel} disabled={isBusy} sx={{ mt: -1.5 }}>
              {t('common.cancel')}
            </Button>
          ) : null}
        </Stack>
      </FormProvider>
      {state.status === 'card' ? (
        <Suspense fallback={null}>
          <CardStep
            purpose={cardPurpose(state.card.intentType, session)}
            isConfirming={state.isConfirming}
            error={state.error}
            isTestMode={!session.livemode}
            onConfirm={(card) => void flow.confirmCard(card)}
            onCancel={flow.reset}
          />
        </Suspense>
      ) : null}
      {state.status === 'wallet' ? (
        <Suspense fallback={null}>
          <WalletStep
            wallet={state.wallet}
            phase={state.phase}
            error={state.error}
            onConfirm={flow.confirmWallet}
            onCancel={flow.reset}
          />
        </Suspense>
      ) : null}
      {hasAuthenticated ? (
        <Suspense fallback={null}>
          <AuthenticationDialog
            isOpen={state.status === 'authenticating'}
            amount={totalText}
            onDecide={flow.authenticate}
          />
        </Suspense>
      ) : null}
      {state.status === 'walletBinding' ? (
        <Suspense fallback={null}>
          <BindWalletDialog
            network={option.method.name}
            phase={state.phase}
            error={state.error}
            onConnect={() => void flow.bindWallet()}
            onCancel={flow.reset}
          />
        </Suspense>
      ) : null}
      {state.status === 'customerLimited' ? (
        <Suspense fallback={null}>
          <OverdueInvoicesDialog
            open
            customerId={customerId ?? props.did}
            onClose={flow.reset}
            onPaid={flow.retryHeldSubmit}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
