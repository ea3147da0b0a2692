import { stringify } from 'csv-stringify';
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import { countAll } from './list-queries.ts';

/** Rows an export reads a statement: enough to amortise the round trip, few enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1_000;

/**
 * Every row of a filtered list, newest first as its pages are (ids break ties), a batch at a time.
 * Each batch starts below the last row read (keyset), so the ten-thousandth batch costs what the
 * first does, and a row written during the export is never read twice or shifts others.
 */
export async function* newestFirstBatches<DB, TB extends keyof DB & string>(
  query: SelectQueryBuilder<DB, TB, object>,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Selectable<DB[TB]>[]> {
  let after: { created_at: number; id: string } | null = null;
  for (;;) {
    const below = after;
    const rows = (await query
      .selectAll()
      .$if(below !== null, (batch) =>
        batch.where(
          sql<boolean>`(${sql.ref('created_at')} < ${below!.created_at} or (${sql.ref('created_at')} = ${below!.created_at} and ${sql.ref('id')} < ${below!.id}))`,
        ),
      )
      .orderBy(sql.ref('created_at'), 'desc')
      .orderBy(sql.ref('id'), 'desc')
      .limit(batchSize)
      .execute()) as unknown as Array<Selectable<DB[TB]> & { created_at: number; id: string }>;
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { created_at: last.created_at, id: last.id };
  }
}

/** Each batch of `batches` made into what `map` makes of it, a batch at a time. */
export async function* mapBatches<A, B>(
  batches: AsyncIterable<readonly A[]>,
  map: (batch: readonly A[]) => Promise<readonly B[]>,
): AsyncGenerator<readonly B[]> {
  for await (const batch of batches) yield await map(batch);
}

/** How many rows a filtered list holds, for an export's `X-Total-Count`. */
export async function countListRows<DB, TB extends keyof DB & string>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = (await query.select(countAll().as('count')).executeTakeFirstOrThrow()) as {
    count: number | string;
  };
  return Number(row.count);
}

/** Every row of a filtered list as an export: its count, then its rows newest first, a batch at a time. */
export async function exportNewestFirst<DB, TB extends keyof DB & string>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<ListExport<Selectable<DB[TB]>>> {
  return { total: await countListRows(query), records: newestFirstBatches(query) };
}

/** A column of an export: its header and what a record puts there. */
export interface CsvColumn<T> {
  header: string;
  value(record: T): string | number | boolean | null;
}

/** An export: how many records it will send (the client's progress), and the records. */
export interface ListExport<T> {
  total: number;
  records: AsyncIterable<readonly T[]>;
}

/**
 * Sends `list` as a CSV attachment, streamed as it is read: the header row first, then a line per
 * record; `X-Total-Count` lets a client show how far it is. A cell a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`, tab, return at its start) goes out behind a `'`: names and
 * descriptions are typed by anyone. A read that fails midway cuts the response short, so a
 * client never takes a partial file for a whole one.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  input: { fileName: string; columns: readonly CsvColumn<T>[]; list: ListExport<T> },
): FastifyReply {
  const { columns, list } = input;
  async function* lines() {
    for await (const batch of list.records) {
      for (const record of batch) yield columns.map((column) => column.value(record));
    }
  }
  const csv = stringify({
    header: true,
    columns: columns.map((column) => column.header),
    escape_formulas: true,
    cast: { boolean: (value) => String(value) },
  });
  pipeline(Readable.from(lines()), csv).catch((error: unknown) => {
    reply.log.error({ err: error }, 'A CSV export failed while it was sent');
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${input.fileName}"`)
    .header('x-total-count', String(list.total))
    .send(csv);
}
