import { describe, expect, it } from 'vitest';
import { createCheckoutFormSchema, type CheckoutFormValues } from './checkout-form-schema.ts';

const valid: CheckoutFormValues = {
  customer_name: 'Ada Lovelace',
  customer_email: 'ada@example.com',
  customer_phone: '',
  phone_country: 'us',
  payment_method: 'pm_test_card',
  payment_currency: 'pc_test_usd',
  billing_address: { country: 'us', state: '', city: '', line1: '', line2: '', postal_code: '94107' },
};

function errorsOf(
  result: Awaited<ReturnType<ReturnType<typeof createCheckoutFormSchema>['safeParseAsync']>>,
) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('createCheckoutFormSchema', () => {
  const postal = createCheckoutFormSchema({ isPhoneRequired: false, addressMode: 'postal' });

  it('accepts a complete form', async () => {
    expect((await postal.safeParseAsync(valid)).success).toBe(true);
  });

  it('marks missing name and email Required and a bad email Invalid', async () => {
    expect(
      errorsOf(await postal.safeParseAsync({ ...valid, customer_name: ' ', customer_email: '' })),
    ).toMatchObject({
      customer_name: 'Required',
      customer_email: 'Required',
    });
    expect(errorsOf(await postal.safeParseAsync({ ...valid, customer_email: 'ada@' }))).toEqual({
      customer_email: 'Invalid',
    });
    expect(
      errorsOf(await postal.safeParseAsync({ ...valid, customer_email: `${'a'.repeat(65)}@example.com` })),
    ).toEqual({
      customer_email: 'Invalid',
    });
  });

  it('requires a valid phone when the session collects one, and returns it in E.164', async () => {
    const withPhone = createCheckoutFormSchema({ isPhoneRequired: true, addressMode: 'postal' });
    expect(errorsOf(await withPhone.safeParseAsync(valid))).toEqual({ customer_phone: 'Required' });
    expect(errorsOf(await withPhone.safeParseAsync({ ...valid, customer_phone: '555' }))).toEqual({
      customer_phone: 'Invalid',
    });
    const parsed = await withPhone.parseAsync({ ...valid, customer_phone: '(201) 555-0123' });
    expect(parsed.customer_phone).toBe('+12015550123');
    const british = await withPhone.parseAsync({
      ...valid,
      customer_phone: '020 7946 0958',
      phone_country: 'gb',
    });
    expect(british.customer_phone).toBe('+442079460958');
    expect(british).not.toHaveProperty('phone_country');
  });

  it('asks for the full address in required billing mode', async () => {
    const full = createCheckoutFormSchema({ isPhoneRequired: false, addressMode: 'full' });
    expect(errorsOf(await full.safeParseAsync(valid))).toEqual({
      'billing_address.line1': 'Required',
      'billing_address.city': 'Required',
      'billing_address.state': 'Required',
    });
  });

  it('checks the postal code against its country', async () => {
    const bad = { ...valid, billing_address: { ...valid.billing_address, postal_code: 'ABC' } };
    expect(errorsOf(await postal.safeParseAsync(bad))).toEqual({ 'billing_address.postal_code': 'Invalid' });
    const emptyPostal = { ...valid, billing_address: { ...valid.billing_address, postal_code: '' } };
    expect(errorsOf(await postal.safeParseAsync(emptyPostal))).toEqual({
      'billing_address.postal_code': 'Required',
    });
  });

  it('leaves the address out when none is collected', async () => {
    const none = createCheckoutFormSchema({ isPhoneRequired: false, addressMode: 'none' });
    const parsed = await none.parseAsync({
      ...valid,
      billing_address: { ...valid.billing_address, postal_code: '' },
    });
    expect(parsed.billing_address).toBeUndefined();
  });
});
