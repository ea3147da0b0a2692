import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Customer } from '@bazaar/schemas';
import type { StubAnswer, StubRequest, StubRoute } from '../test-utils/fetch-stub.ts';
import { renderWithPayment, SIGNED_IN_USER } from '../test-utils/render-checkout.tsx';
import { CustomerDetailsForm } from './customer-details-form.tsx';

const SLOW = { timeout: 3_000 };
const ME = '/payment-kit/api/customers/me';

const SAVED: Customer = {
  id: 'cus_1',
  did: SIGNED_IN_USER.did,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+442079460958',
  address: {
    country: 'gb',
    state: 'London',
    city: 'London',
    line1: '12 St James’s Square',
    line2: 'Flat 2',
    postal_code: 'SW1Y 4JH',
  },
  livemode: false,
  metadata: {},
};

/** The details as the server keeps them (`PUT` answers what it saved). */
function savedFrom(request: StubRequest): StubAnswer {
  const body = request.body as Pick<Customer, 'name' | 'email' | 'phone' | 'address'>;
  return { body: { ...SAVED, ...body } };
}

function renderForm(put: StubRoute['respond'] = savedFrom, locale = 'en', customer: Customer = SAVED) {
  return renderWithPayment(<CustomerDetailsForm />, {
    locale,
    routes: [
      { method: 'GET', path: ME, respond: { body: customer } },
      { method: 'PUT', path: ME, respond: put },
    ],
  });
}

const field = (label: string) => screen.findByLabelText<HTMLInputElement>(label, {}, SLOW);

describe('CustomerDetailsForm', () => {
  it.each([
    ['en', 'Full name', 'Phone number', 'Save', 'Your details have been saved.'],
    ['zh', '姓名', '手机号码', '保存', '您的信息已保存。'],
  ])(
    'loads the saved details, saves the edited ones and says so (%s)',
    async (locale, nameLabel, phoneLabel, save, saved) => {
      const user = userEvent.setup();
      const { calls } = renderForm(savedFrom, locale);
      const name = await field(nameLabel);
      expect(name.value).toBe('Ada Lovelace');
      // The saved E.164 number shows as its country's dial code and the national number.
      await waitFor(() =>
        expect((screen.getByLabelText(phoneLabel) as HTMLInputElement).value).toBe('020 7946 0958'),
      );
      expect(calls.find((call) => call.url.pathname === ME)?.url.searchParams.get('livemode')).toBe('false');

      await user.clear(name);
      await user.type(name, 'Ada King');
      await user.click(screen.getByRole('button', { name: save }));

      expect(await screen.findByText(saved, {}, SLOW)).toBeTruthy();
      const puts = calls.filter((call) => call.method === 'PUT');
      expect(puts).toHaveLength(1);
      expect(puts[0]!.url.searchParams.get('livemode')).toBe('false');
      expect(puts[0]!.body).toEqual({
        name: 'Ada King',
        email: 'ada@example.com',
        phone: '+442079460958',
        address: SAVED.address,
      });
      // A further change is not saved yet: the message goes.
      await user.type(name, '!');
      expect(screen.queryByText(saved)).toBeNull();
    },
  );

  it('shows the server’s refusal at the field it names, and no success', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Validate failed',
          details: [{ path: 'address.postal_code', message: 'Invalid' }],
        },
      },
    });
    const postalCode = await field('Postal code');
    await user.clear(postalCode);
    await user.type(postalCode, '123');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(postalCode.getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(screen.getByText('Invalid')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(screen.queryByText('Your details have been saved.')).toBeNull();
    expect(screen.queryByText(/Validate failed/)).toBeNull();
  });

  it('checks the email and phone before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    const email = await field('Email');
    await user.clear(email);
    await user.type(email, 'ada@');
    const phone = await field('Phone number');
    await waitFor(() => expect(phone.value).toBe('020 7946 0958'));
    await user.clear(phone);
    await user.type(phone, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('starts a new customer from their profile', async () => {
    renderForm(savedFrom, 'en', {
      ...SAVED,
      id: '',
      phone: '',
      address: { country: '', state: '', city: '', line1: '', line2: '', postal_code: '' },
    });
    expect((await field('Email')).value).toBe('ada@example.com');
    expect((await field('Phone number')).value).toBe('');
  });

  it('neither loads nor saves anything for a guest', async () => {
    const { calls } = renderWithPayment(<CustomerDetailsForm />, { routes: [], user: null });
    expect(await screen.findByText('Login to access this page', {}, SLOW)).toBeTruthy();
    expect(calls.filter((call) => call.url.pathname === ME)).toEqual([]);
  });
});
