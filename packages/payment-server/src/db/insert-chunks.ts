/** Rows per multi-row insert: keeps every statement under the databases' bound-parameter limits. */
const ROWS_PER_INSERT = 500;

/** `rows` in slices of at most `ROWS_PER_INSERT`, one multi-row insert each. */
export function insertChunks<T>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < rows.length; index += ROWS_PER_INSERT) {
    chunks.push(rows.slice(index, index + ROWS_PER_INSERT));
  }
  return chunks;
}
