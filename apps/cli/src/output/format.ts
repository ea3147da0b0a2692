const UNITS = ['KB', 'MB', 'GB'] as const;

/** `formatBytes(1_536)` → `'1.5 KB (1,536 bytes)'`; below a kilobyte just the bytes. */
export function formatBytes(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} bytes`;
  if (bytes < 1024) return exact;
  let value = bytes;
  let unit: (typeof UNITS)[number] = 'KB';
  for (const candidate of UNITS) {
    value /= 1024;
    unit = candidate;
    if (value < 1024) break;
  }
  return `${value.toFixed(1)} ${unit} (${exact})`;
}

/** Unix seconds as `2027-01-15 08:00` (UTC), or `-`. */
export function formatTime(unixSeconds: number | null | undefined): string {
  if (unixSeconds === null || unixSeconds === undefined) return '-';
  return `${new Date(unixSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Rows under a header, each column as wide as its widest cell. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n') + '\n';
}

/** `key: value` lines, the keys aligned. */
export function formatFields(fields: readonly (readonly [string, string])[]): string {
  const width = Math.max(...fields.map(([key]) => key.length));
  return fields.map(([key, value]) => `${`${key}:`.padEnd(width + 2)}${value}`).join('\n') + '\n';
}
