import type { AdminTestClock } from '@bazaar/schemas';
import type { CsvColumn } from '@bazaar/server-kit';
import { timeCell } from '../../http/csv-cells.ts';

/** The columns of `GET /test-clocks/export.csv`: what the clock list shows, and its latest advance. */
export const TEST_CLOCK_CSV_COLUMNS: readonly CsvColumn<AdminTestClock>[] = [
  { header: 'id', value: (clock) => clock.id },
  { header: 'name', value: (clock) => clock.name },
  { header: 'frozen_time', value: (clock) => timeCell(clock.frozen_time) },
  { header: 'status', value: (clock) => clock.status },
  { header: 'customers', value: (clock) => clock.customer_count },
  { header: 'advance_from', value: (clock) => timeCell(clock.advance?.from_time ?? null) },
  { header: 'advance_to', value: (clock) => timeCell(clock.advance?.target_frozen_time ?? null) },
  { header: 'advance_renewals', value: (clock) => clock.advance?.renewals ?? null },
  { header: 'advance_payment_attempts', value: (clock) => clock.advance?.payment_attempts ?? null },
  { header: 'advance_failure', value: (clock) => clock.advance?.failure_message ?? null },
  { header: 'created', value: (clock) => timeCell(clock.created_at) },
];
