import { describe, expect, it } from 'vitest';
import { createPaymentEventBus, type PaymentErrorEvent } from './payment-events.ts';

describe('createPaymentEventBus', () => {
  it('broadcasts error.{code} to every listener until it stops listening', () => {
    const bus = createPaymentEventBus();
    const first: PaymentErrorEvent[] = [];
    const second: string[] = [];
    const off = bus.on((event) => first.push(event));
    bus.on((event) => second.push(event.type));
    bus.emit('quantityNotEnough', 'Exceed inventory');
    off();
    bus.emit('INTERNAL', 'Something went wrong');
    expect(first).toEqual([
      { type: 'error.quantityNotEnough', code: 'quantityNotEnough', text: 'Exceed inventory' },
    ]);
    expect(second).toEqual(['error.quantityNotEnough', 'error.INTERNAL']);
  });
});
