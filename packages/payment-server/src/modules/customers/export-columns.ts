import type { AdminCustomer } from '@bazaar/schemas';
import type { CsvColumn } from '@bazaar/server-kit';
import { metadataCell, timeCell } from '../../http/csv-cells.ts';

const address = (field: keyof AdminCustomer['address']): CsvColumn<AdminCustomer> => ({
  header: `address_${field}`,
  value: (customer) => customer.address[field],
});

/** The columns of `GET /customers/export.csv`: what the admin's customer list shows, and the customer in full. */
export const CUSTOMER_CSV_COLUMNS: readonly CsvColumn<AdminCustomer>[] = [
  { header: 'id', value: (customer) => customer.id },
  { header: 'name', value: (customer) => customer.name },
  { header: 'email', value: (customer) => customer.email },
  { header: 'phone', value: (customer) => customer.phone },
  { header: 'did', value: (customer) => customer.did },
  address('line1'),
  address('line2'),
  address('city'),
  address('state'),
  address('postal_code'),
  address('country'),
  { header: 'test_clock_id', value: (customer) => customer.test_clock_id },
  { header: 'metadata', value: (customer) => metadataCell(customer.metadata) },
  { header: 'created', value: (customer) => timeCell(customer.created_at) },
];
