import { useCallback, useRef, useState } from 'react';
import { ApiError, usePaymentContext } from '@bazaar/payment-react';

export type ListExportState =
  | { status: 'idle' }
  | { status: 'running'; rows: number; total: number | null }
  | { status: 'failed'; error: unknown };

const NEWLINE = 10;
const QUOTE = 34;

/**
 * Downloads a list's CSV export (`GET {path}`, the list's filters as `query`) as it streams,
 * counting its rows against the `X-Total-Count` the server sends first, so a long export shows
 * how far it is; the file is saved when the last row arrived. `cancel` stops it.
 */
export function useListExport(path: string, fileName: string) {
  const { apiUrl, fetch } = usePaymentContext();
  const [state, setState] = useState<ListExportState>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const start = useCallback(
    async (query: Record<string, string>) => {
      const controller = new AbortController();
      abort.current = controller;
      setState({ status: 'running', rows: 0, total: null });
      try {
        const response = await fetch(apiUrl(path, query), {
          credentials: 'include',
          signal: controller.signal,
        });
        if (!response.ok || !response.body) {
          const payload: unknown = await response.json().catch(() => null);
          throw ApiError.fromResponse(response.status, response.statusText, payload);
        }
        const total = Number(response.headers.get('x-total-count') ?? Number.NaN);
        const chunks: Uint8Array[] = [];
        // The first line is the header row.
        let lines = -1;
        // A line break inside a quoted cell (a description of two paragraphs) ends no row; an
        // escaped quote ("") toggles twice, so counting quotes tells where a cell is open.
        let isInQuotes = false;
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          for (const byte of value) {
            if (byte === QUOTE) isInQuotes = !isInQuotes;
            else if (byte === NEWLINE && !isInQuotes) lines += 1;
          }
          setState({
            status: 'running',
            rows: Math.max(lines, 0),
            total: Number.isNaN(total) ? null : total,
          });
        }
        saveFile(new Blob(chunks as BlobPart[], { type: 'text/csv' }), fileName);
        setState({ status: 'idle' });
      } catch (error) {
        setState(controller.signal.aborted ? { status: 'idle' } : { status: 'failed', error });
      } finally {
        abort.current = null;
      }
    },
    [apiUrl, fetch, path, fileName],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  const dismiss = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, cancel, dismiss };
}

function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
