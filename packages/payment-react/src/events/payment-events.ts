/**
 * The kit's tiny event bus: every server error code a payer should hear about is broadcast as
 * `error.{code}`, so a toast, the cross-sell panel and the host can each react without the code
 * that failed knowing who listens.
 */
export type PaymentErrorEventName = `error.${string}`;

export interface PaymentErrorEvent {
  type: PaymentErrorEventName;
  code: string;
  /** The text to show, already in the payer's language. */
  text: string;
}

export type PaymentEventListener = (event: PaymentErrorEvent) => void;

export interface PaymentEventBus {
  emit: (code: string, text: string) => void;
  /** `const off = bus.on((event) => …)`; call `off()` to stop listening. */
  on: (listener: PaymentEventListener) => () => void;
}

export function createPaymentEventBus(): PaymentEventBus {
  const listeners = new Set<PaymentEventListener>();
  return {
    emit: (code, text) => {
      const event: PaymentErrorEvent = { type: `error.${code}`, code, text };
      for (const listener of [...listeners]) listener(event);
    },
    on: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
