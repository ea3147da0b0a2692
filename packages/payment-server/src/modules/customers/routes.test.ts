import { customerSchema, errorEnvelopeSchema, type Customer } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { recordedPayloads, saveTestCustomer } from '../../test-utils/payment-test-kit.ts';

const ADA = 'did:bazaar:usr_ada';
const BOB = 'did:bazaar:usr_bob';

const DETAILS = {
  name: 'Ada Lovelace',
  email: 'ada@lovelace.test',
  phone: '+1 (415) 555-2671',
  address: {
    country: 'GB',
    state: 'London',
    city: 'London',
    line1: '12 St James’s Square',
    line2: 'Flat 2',
    postal_code: 'SW1Y 4JH',
  },
};

describe.each(TEST_DIALECTS)('PUT /customers/me on %s', (dialect) => {
  let t: PaymentTestApp;
  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const put = (body: unknown, did: string | null = ADA, livemode = 'false') =>
    t.app.inject({
      method: 'PUT',
      url: `${API}/customers/me?livemode=${livemode}`,
      headers: did ? t.signedIn({ did }) : {},
      payload: body as Record<string, unknown>,
    });
  const me = async (did: string, livemode = 'false'): Promise<Customer | null> => {
    const response = await t.app.inject({
      url: `${API}/customers/me?livemode=${livemode}`,
      headers: t.signedIn({ did }),
    });
    return customerSchema.nullable().parse(response.json());
  };
  const customerRows = () =>
    t.db
      .selectFrom('customers')
      .select(['did', 'livemode', 'name', 'email', 'phone', 'address'])
      .orderBy('id')
      .execute();

  it('asks a guest to sign in and writes nothing', async () => {
    const response = await put(DETAILS, null);
    expect(response.statusCode).toBe(401);
    expect(await customerRows()).toEqual([]);
  });

  it('creates the customer of a user who never bought anything; GET /customers/me reads it back', async () => {
    expect(await me(ADA)).toBeNull();
    const response = await put(DETAILS);
    expect(response.statusCode, response.body).toBe(200);
    const saved = customerSchema.parse(response.json());
    expect(saved).toMatchObject({
      id: expect.stringMatching(/^cus_/),
      did: ADA,
      name: 'Ada Lovelace',
      email: 'ada@lovelace.test',
      // The phone is kept in international form, the country as the checkout keeps it.
      phone: '+14155552671',
      address: { ...DETAILS.address, country: 'gb' },
      livemode: false,
    });
    expect(await me(ADA)).toEqual(saved);
    expect((await recordedPayloads(t.db, 'customer.created')).map((event) => event.data.id)).toEqual([
      saved.id,
    ]);

    // A second save updates the same customer; an empty phone and address are allowed.
    const cleared = await put({ name: 'Ada King', email: 'ada@king.test', phone: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await me(ADA)).toMatchObject({
      id: saved.id,
      name: 'Ada King',
      phone: '',
      address: { line1: '' },
    });
    expect((await recordedPayloads(t.db, 'customer.updated')).map((event) => event.data.id)).toEqual([
      saved.id,
    ]);
  });

  it('changes only the caller’s own customer', async () => {
    const bob = await saveTestCustomer(t.deps, BOB);
    await saveTestCustomer(t.deps, ADA);
    expect((await put(DETAILS, ADA)).statusCode).toBe(200);
    expect(await me(BOB)).toEqual(bob);
    expect((await me(ADA))?.name).toBe('Ada Lovelace');
    // An id in the body names nobody: the body is strict, and the customer is found by the caller.
    const smuggled = await put({ ...DETAILS, id: bob.id, did: BOB }, ADA);
    expect(smuggled.statusCode).toBe(400);
    expect(await me(BOB)).toEqual(bob);
  });

  it.each([
    ['an invalid phone', { phone: '12' }, [{ path: 'phone', message: 'Invalid' }]],
    ['an invalid email', { email: 'ada@' }, [{ path: 'email', message: 'Invalid' }]],
    ['an empty name', { name: '  ' }, [{ path: 'name', message: 'Required' }]],
    [
      'a postal code that does not fit the country',
      { address: { ...DETAILS.address, postal_code: '123' } },
      [{ path: 'address.postal_code', message: 'Invalid' }],
    ],
  ])('refuses %s with VALIDATION_FAILED and keeps the row as it was', async (_, change, details) => {
    const before = await saveTestCustomer(t.deps, ADA);
    const response = await put({ ...DETAILS, ...change });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details,
    });
    expect(await me(ADA)).toEqual(before);
    expect(await recordedPayloads(t.db, 'customer.updated')).toEqual([]);
  });

  it('keeps test-mode and live details apart', async () => {
    expect((await put(DETAILS, ADA, 'false')).statusCode).toBe(200);
    expect(await me(ADA, 'true')).toBeNull();
    expect((await put({ ...DETAILS, name: 'Live Ada' }, ADA, 'true')).statusCode).toBe(200);
    expect((await me(ADA, 'false'))?.name).toBe('Ada Lovelace');
    expect((await me(ADA, 'true'))?.name).toBe('Live Ada');
    expect((await customerRows()).map((row) => [row.did, row.livemode, row.name])).toEqual(
      expect.arrayContaining([
        [ADA, 0, 'Ada Lovelace'],
        [ADA, 1, 'Live Ada'],
      ]),
    );
  });
});
