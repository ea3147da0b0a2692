import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { overdueScope } from './overdue-api.ts';
import { pastDueAddress, payOnPageAddress, subscriptionAddress } from './overdue-addresses.ts';

const KIT = 'https://shop.test/payment-kit';

describe('overdue addresses', () => {
  it('opens the one overdue invoice, or the list of several with the way back', () => {
    expect(payOnPageAddress(KIT, [{ id: 'in_1' }], 'https://shop.test/checkout')).toBe(
      'https://shop.test/payment-kit/customer/invoice/in_1',
    );
    expect(payOnPageAddress(`${KIT}/`, [{ id: 'in_1' }, { id: 'in_2' }], 'https://shop.test/a?b=1')).toBe(
      'https://shop.test/payment-kit/customer/invoice/past-due?referer=https%3A%2F%2Fshop.test%2Fa%3Fb%3D1',
    );
    expect(pastDueAddress(KIT)).toBe('https://shop.test/payment-kit/customer/invoice/past-due');
    expect(subscriptionAddress(KIT, 'sub_1')).toBe(
      'https://shop.test/payment-kit/customer/subscription/sub_1',
    );
  });
});

describe('overdueScope', () => {
  it('prefers the subscription, then the customer', () => {
    expect(overdueScope({ subscriptionId: 'sub_1', customerId: 'cus_1' })).toEqual({
      kind: 'subscription',
      id: 'sub_1',
    });
    expect(overdueScope({ customerId: 'did:x' })).toEqual({ kind: 'customer', id: 'did:x' });
  });

  it('refuses neither, with the message of the spec', () => {
    expect(() => overdueScope({ subscriptionId: '', customerId: null })).toThrow(
      new ApiError(400, 'OVERDUE_TARGET_REQUIRED', 'Either subscriptionId or customerId must be provided'),
    );
  });
});
