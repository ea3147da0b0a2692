import type { EventObject } from '@bazaar/schemas';
import type { CsvColumn } from '@bazaar/server-kit';
import { timeCell } from '../../http/csv-cells.ts';

/** The columns of `GET /events/export.csv`: what the event log shows, and the payload whole. */
export const EVENT_CSV_COLUMNS: readonly CsvColumn<EventObject>[] = [
  { header: 'id', value: (event) => event.id },
  { header: 'type', value: (event) => event.type },
  { header: 'object_id', value: (event) => event.object_id },
  { header: 'created', value: (event) => timeCell(event.created) },
  { header: 'data', value: (event) => JSON.stringify(event.data) },
];
