import {
  addressSchema,
  metadataSchema,
  newId,
  randomToken,
  type Address,
  type Customer,
  type CustomerSummary,
  type ErrorDetail,
  type SessionUser,
  type updateCustomerBodySchema,
} from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import type { z } from 'zod';
import { fromFlag, readJson, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { checkContact } from '../checkout-sessions/contact-rules.ts';
import { recordEvents } from '../events/service.ts';
import {
  findCustomerRow,
  findCustomerRowByDid,
  advanceInvoiceSequences,
  listCustomerDids,
  listCustomerRowsById,
  lockCustomerRows,
  nextInvoiceSequence,
  upsertCustomerRow,
  type CustomerRow,
} from './repository.ts';

const INVOICE_PREFIX_LENGTH = 8;
const INVOICE_SEQUENCE_DIGITS = 4;

export const EMPTY_ADDRESS: Address = {
  country: '',
  state: '',
  city: '',
  line1: '',
  line2: '',
  postal_code: '',
};

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    did: row.did,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: readJson(addressSchema, row.address),
    livemode: fromFlag(row.livemode),
    metadata: readJson(metadataSchema, row.metadata),
  };
}

export async function getCustomer(db: PaymentDb, id: string): Promise<Customer> {
  const row = await findCustomerRow(db, id);
  if (!row) throw notFound('customer', id);
  return toCustomer(row);
}

/** The test clock whose time the customer lives in (null: real time); their subscriptions follow it. */
export async function getCustomerTestClockId(db: PaymentDb, customerId: string): Promise<string | null> {
  const row = await findCustomerRow(db, customerId);
  if (!row) throw notFound('customer', customerId);
  return row.test_clock_id ?? null;
}

/** The did of each of these customers that exists, in one query. */
export async function findCustomerDids(db: PaymentDb, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await listCustomerDids(db, ids)).map((row) => [row.id, row.did]));
}

/** The name, email and DID of each of these customers, in one query. */
export async function getCustomerSummaries(
  db: PaymentDb,
  ids: readonly string[],
): Promise<Map<string, CustomerSummary>> {
  const rows = await listCustomerRowsById(db, ids);
  return new Map(rows.map(({ id, name, email, did }) => [id, { id, name, email, did }]));
}

export async function findCustomerByDid(
  db: PaymentDb,
  did: string,
  livemode: boolean,
): Promise<Customer | null> {
  const row = await findCustomerRowByDid(db, did, livemode);
  return row ? toCustomer(row) : null;
}

/**
 * `GET /customers/me`: the signed-in user's customer in this mode. With `fallback`, a user who
 * never bought anything gets a prefill from their profile (id '' marks it as not stored).
 */
export async function getMyCustomer(
  db: PaymentDb,
  input: { user: SessionUser; livemode: boolean; fallback: boolean },
): Promise<Customer | null> {
  const customer = await findCustomerByDid(db, input.user.did, input.livemode);
  if (customer || !input.fallback) return customer;
  return {
    id: '',
    did: input.user.did,
    name: input.user.fullName,
    email: input.user.email ?? '',
    phone: '',
    address: EMPTY_ADDRESS,
    livemode: input.livemode,
    metadata: {},
  };
}

export interface CustomerDetails {
  did: string;
  livemode: boolean;
  name: string;
  email: string;
  phone: string;
  address: Address;
  /** Set for guests who donate without signing in; their `did` is derived from the email. */
  isAnonymous: boolean;
}

/**
 * Creates the payer's customer on first purchase; later purchases refresh the contact details.
 * Writes `customer.created` or `customer.updated` when it changed anything (call it in the
 * transaction of the change it is part of); a purchase with the same details writes nothing.
 * Subscribers hear of these through webhooks and the outbox sweep: no page waits on them.
 */
export async function saveCustomer(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  details: CustomerDetails,
): Promise<Customer> {
  const now = deps.clock.now();
  const contact = {
    name: details.name,
    email: details.email,
    phone: details.phone,
    address: JSON.stringify(details.address),
  };
  const previous = await findCustomerRowByDid(deps.db, details.did, details.livemode);
  const unchanged =
    previous &&
    previous.name === contact.name &&
    previous.email === contact.email &&
    previous.phone === contact.phone &&
    previous.address === contact.address;
  if (unchanged) return toCustomer(previous);
  const id = newId('customer');
  // A concurrent first purchase may have created the row meanwhile: the upsert updates it then.
  const row = await upsertCustomerRow(deps.db, {
    id,
    did: details.did,
    livemode: toFlag(details.livemode),
    ...contact,
    metadata: JSON.stringify(details.isAnonymous ? { anonymous: 'true' } : {}),
    invoice_prefix: randomToken(INVOICE_PREFIX_LENGTH).toUpperCase(),
    invoice_sequence: 0,
    created_at: now,
    updated_at: now,
  });
  await recordEvents(deps.db, {
    now,
    livemode: details.livemode,
    payloads: [
      {
        type: row.id === id ? 'customer.created' : 'customer.updated',
        data: { id: row.id, name: row.name, email: row.email },
      },
    ],
  });
  return toCustomer(row);
}

/** The checkout's contact rules name its own fields; this body calls them `phone` and `address`. */
function toBodyPath(problem: ErrorDetail): ErrorDetail {
  const path =
    problem.path === 'customer_phone' ? 'phone' : problem.path.replace(/^billing_address\./, 'address.');
  return { ...problem, path };
}

/**
 * `PUT /customers/me`: the signed-in user keeps their contact details for this mode, checked by
 * the checkout's rules; their customer is created if they never bought anything. Only ever the
 * caller's own row: it is found by their DID, never by an id the request names.
 */
export async function updateMyCustomer(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { user: SessionUser; livemode: boolean; body: z.output<typeof updateCustomerBodySchema> },
): Promise<Customer> {
  const { body } = input;
  const contact = checkContact({
    phone: body.phone,
    // The checkout drops a phone it did not ask for; here the person typed it to keep it, so a
    // number that is given must be valid.
    isPhoneRequired: body.phone.trim() !== '',
    address: body.address,
    isAddressRequired: false,
    isPostalOnly: false,
  });
  if (!contact.ok)
    throw new AppError('VALIDATION_FAILED', 'Validate failed', contact.problems.map(toBodyPath));
  return deps.db.transaction().execute((trx) =>
    saveCustomer(
      { ...deps, db: trx },
      {
        did: input.user.did,
        livemode: input.livemode,
        name: body.name,
        email: body.email,
        phone: contact.phone,
        address: contact.address,
        isAnonymous: false,
      },
    ),
  );
}

/** The next invoice number of a customer, `PREFIX-0001`; call inside the invoice's transaction. */
export async function allocateInvoiceNumber(db: PaymentDb, customerId: string): Promise<string> {
  const row = await nextInvoiceSequence(db, customerId);
  return formatInvoiceNumber(row.invoice_prefix, row.invoice_sequence);
}

/**
 * Numbers for a batch of invoices, one per entry of `customerIds` (a customer may appear more
 * than once): `{ cus_a: ['X-0003', 'X-0004'] }`, with one counter update per distinct count.
 */
export async function allocateInvoiceNumbers(
  db: PaymentDb,
  customerIds: readonly string[],
): Promise<Map<string, string[]>> {
  const counts = new Map<string, number>();
  for (const id of customerIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  await lockCustomerRows(db, [...counts.keys()]);
  const byCount = new Map<number, string[]>();
  for (const [id, count] of counts) {
    byCount.set(count, [...(byCount.get(count) ?? []), id]);
  }
  const numbers = new Map<string, string[]>();
  for (const [count, ids] of byCount) {
    for (const row of await advanceInvoiceSequences(db, ids, count)) {
      const first = row.invoice_sequence - count + 1;
      numbers.set(
        row.id,
        Array.from({ length: count }, (_, index) => formatInvoiceNumber(row.invoice_prefix, first + index)),
      );
    }
  }
  return numbers;
}

function formatInvoiceNumber(prefix: string, sequence: number): string {
  return `${prefix}-${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, '0')}`;
}
