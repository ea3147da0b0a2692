import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import {
  createCheckoutFormSchema,
  type CheckoutFormValues,
  type CheckoutSubmitValues,
} from './checkout-form-schema.ts';
import { PhoneField } from './phone-field.tsx';

const schema = createCheckoutFormSchema({ isPhoneRequired: true, addressMode: 'none' });

/** The phone field in a form run by the checkout's own schema, as the payment panel runs it. */
function PhoneForm({ onSubmit }: { onSubmit: (values: CheckoutSubmitValues) => void }) {
  const form = useForm<CheckoutFormValues, unknown, CheckoutSubmitValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      customer_phone: '',
      phone_country: 'us',
      payment_method: 'pm_test_card',
      payment_currency: 'pc_test_usd',
      billing_address: { country: 'us', state: '', city: '', line1: '', line2: '', postal_code: '' },
    },
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)}>
        <PhoneField isDisabled={false} />
        <button type="submit">Go</button>
      </form>
    </FormProvider>
  );
}

function renderPhone(locale = 'en') {
  const onSubmit = vi.fn();
  renderWithPayment(<PhoneForm onSubmit={onSubmit} />, { routes: [], locale });
  return onSubmit;
}

describe('PhoneField', () => {
  it('starts on the United States dial code and offers every country', () => {
    renderPhone();
    const picker = screen.getByLabelText<HTMLSelectElement>('Country code');
    expect(picker.value).toBe('us');
    expect(picker.selectedOptions[0]?.textContent).toBe('United States +1');
    expect(picker.options.length).toBeGreaterThan(200);
  });

  it.each([
    ['en', 'Phone number', 'Required', 'Invalid'],
    ['zh', '手机号码', '必填', '无效'],
  ])('says Required and Invalid in the page language (%s)', async (locale, label, required, invalid) => {
    const user = userEvent.setup();
    const onSubmit = renderPhone(locale);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText(required)).toBeTruthy();
    await user.type(screen.getByLabelText(label), '555');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText(invalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reads the number in the chosen country and sends it in E.164', async () => {
    const user = userEvent.setup();
    const onSubmit = renderPhone();
    await user.selectOptions(screen.getByLabelText('Country code'), 'gb');
    await user.type(screen.getByLabelText('Phone number'), '020 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ customer_phone: '+442079460958' });
  });

  it('moves a typed dial code into the picker when the field is left', async () => {
    const user = userEvent.setup();
    const onSubmit = renderPhone();
    await user.type(screen.getByLabelText('Phone number'), '+86 139 1234 5678');
    await user.tab();
    expect(screen.getByLabelText<HTMLSelectElement>('Country code').value).toBe('cn');
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('139 1234 5678');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ customer_phone: '+8613912345678' });
  });
});
