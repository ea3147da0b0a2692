import { lazy, Suspense } from 'react';
import type { CheckoutSession } from '@bazaar/schemas';
import type { ChainWallet } from '../provider/chain-wallet.ts';
import { cardPurpose } from './card-purpose.ts';
import type { PaymentOption } from './checkout-amounts.ts';
import type { CheckoutSubmitFlow } from './use-checkout-submit.ts';

// The card step shows once the server asks for a card: it starts loading when the form is submitted.
const loadCardStep = () => import('./payment-card-step.tsx');
const PaymentCardStep = lazy(() => loadCardStep().then((module) => ({ default: module.PaymentCardStep })));
// Only a card can ask for 3-D Secure: it loads with the card step, closed until the card asks.
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

/** Starts loading the step a submit by this method opens; a failed early load is no loss, as each part loads again when it is needed. */
export function preloadPaymentStep(methodType: string, loadWallet: () => Promise<ChainWallet>): void {
  const preloads = methodType === 'stripe' ? [loadCardStep()] : [loadWalletStep(), loadWallet()];
  for (const preload of preloads) preload.catch(() => undefined);
}

export interface PaymentStepDialogsProps {
  flow: CheckoutSubmitFlow;
  session: CheckoutSession;
  option: PaymentOption;
  /** What the payment costs, as the authentication step names it. */
  totalText: string;
  /** Whose past-due invoices hold the submit back. */
  overdueCustomerId: string | null;
}

/**
 * The steps a submit opens over the form, each while the submit machine is in it: the card,
 * the card's authentication, the payer's wallet, linking a wallet, and the past-due invoices
 * that hold the submit back.
 */
export function PaymentStepDialogs({
  flow,
  session,
  option,
  totalText,
  overdueCustomerId,
}: PaymentStepDialogsProps) {
  const { state } = flow;
  // Still mounted once the card has answered, so the authentication dialog fades out as it closes.
  const isCardFlow =
    option.method.type === 'stripe' &&
    (state.status === 'card' || state.status === 'authenticating' || state.status === 'paying');
  // Each step loads on its own, so one still loading never hides another already shown.
  return (
    <>
      {state.status === 'card' ? (
        <Suspense fallback={null}>
          <PaymentCardStep
            purpose={cardPurpose(state.card.intentType, session)}
            card={state.card}
            isConfirming={state.isConfirming}
            error={state.error}
            isTestMode={!session.livemode}
            onConfirmTestCard={(card) => void flow.confirmCard(card)}
            onConfirmAtProvider={(confirm) => void flow.confirmAtProvider(confirm)}
            onCancel={flow.reset}
          />
        </Suspense>
      ) : null}
      {isCardFlow ? (
        <Suspense fallback={null}>
          <AuthenticationDialog
            isOpen={state.status === 'authenticating'}
            amount={totalText}
            onDecide={flow.authenticate}
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
            customerId={overdueCustomerId}
            onClose={flow.reset}
            onPaid={flow.retryHeldSubmit}
          />
        </Suspense>
      ) : null}
    </>
  );
}
