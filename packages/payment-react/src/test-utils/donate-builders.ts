import { donateSettingsSchema, type DonationSupporters, type Setting, type Supporter } from '@bazaar/schemas';
import { makePaymentMethod, USD } from './checkout-builders.ts';

export function makeSetting(overrides: Partial<Setting> = {}): Setting {
  return {
    id: 'set_test_1',
    object: 'setting',
    type: 'donate',
    mount_location: 'store/home',
    description: 'Tips for the Store',
    component_did: 'did:bazaar:store',
    active: true,
    livemode: false,
    settings: donateSettingsSchema.parse({}),
    created_at: 1_800_000_000,
    updated_at: 1_800_000_000,
    ...overrides,
  };
}

export function makeSupporter(overrides: Partial<Supporter> & { name?: string | null } = {}): Supporter {
  const { name = 'Ada Lovelace', ...rest } = overrides;
  return {
    id: `sup_${name ?? 'anon'}`,
    customer_id: 'cus_1',
    customer: { name, did: 'did:pkh:eip155:1:0xada', metadata: { anonymous: false } },
    display: 'public',
    amount_total: '500',
    payment_details: null,
    invoice_id: null,
    updated_at: 1_800_000_000,
    ...rest,
  };
}

/** Three supporters, one of each privacy choice, who gave $16.00 between them. */
export function makeSupporters(overrides: Partial<DonationSupporters> = {}): DonationSupporters {
  return {
    supporters: [
      makeSupporter({ name: 'Ada Lovelace', amount_total: '1000' }),
      makeSupporter({
        name: 'Grace Hopper',
        customer_id: 'cus_2',
        customer: { name: 'Grace Hopper', did: 'did:pkh:eip155:1:0x6ace', metadata: { anonymous: false } },
        display: 'name_only',
        amount_total: null,
      }),
      makeSupporter({
        name: null,
        customer_id: null,
        customer: { name: null, did: null, metadata: { anonymous: true } },
        display: 'anonymous',
        amount_total: '100',
      }),
    ],
    totalAmount: '1600',
    currency: USD,
    method: makePaymentMethod(),
    count: 3,
    ...overrides,
  };
}
