/**
 * CSV export of the admin's invoice list with 100,000 invoices, on SQLite and on PostgreSQL:
 * `GET /api/invoices/export.csv` read whole over HTTP on 127.0.0.1 (rows a second, MB a second,
 * and how much the server process grew while it streamed), next to its baseline in the same run:
 * reading the same list through its JSON pages, 100 rows a page, as a client would without the
 * export (the first 10,000 rows, timed and scaled to rows a second).
 *
 *   npm run bench:list-export        (or: npx node bench/list-export.ts [invoices=100000])
 */
import { createTestPlatform } from '@bazaar/platform/testing';
import type { Dialect } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import type { AddressInfo } from 'node:net';
import { seedInvoiceCopies } from './invoice-copies.ts';
import { describeMachine } from './request-timing.ts';

const INVOICES = Number(process.argv[2] ?? 100_000);
const API = '/payment-kit/api';
const PAGE_SIZE = 100;
const BASELINE_ROWS = 10_000;

async function benchDialect(dialect: Dialect) {
  const platform = await createTestPlatform(dialect);
  try {
    const { cookie } = await platform.signIn('owner@example.com');
    await seedInvoiceCopies(platform, cookie, INVOICES);
    await platform.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}${API}`;
    const headers = { cookie };

    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    let started = performance.now();
    const response = await fetch(`${base}/invoices/export.csv?livemode=false`, { headers });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body!) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const exportSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const exported = lines - 1;
    if (response.status !== 200 || exported !== Number(response.headers.get('x-total-count'))) {
      throw new Error(`The export answered ${response.status} with ${exported} rows`);
    }

    started = performance.now();
    let paged = 0;
    for (let page = 1; paged < Math.min(BASELINE_ROWS, exported); page += 1) {
      const answer = await fetch(`${base}/invoices?livemode=false&pageSize=${PAGE_SIZE}&page=${page}`, {
        headers,
      });
      paged += ((await answer.json()) as { list: unknown[] }).list.length;
    }
    const pagedSeconds = (performance.now() - started) / 1000;

    return [
      {
        db: dialect,
        read: 'GET /invoices/export.csv (every row)',
        rows: exported,
        seconds: Number(exportSeconds.toFixed(2)),
        'rows/s': Math.round(exported / exportSeconds),
        'MB/s': Number((bytes / exportSeconds / 1e6).toFixed(1)),
        'server grew MB': Math.round((rssPeak - rssBefore) / 1e6),
      },
      {
        db: dialect,
        read: `baseline: GET /invoices, pages of ${PAGE_SIZE}`,
        rows: paged,
        seconds: Number(pagedSeconds.toFixed(2)),
        'rows/s': Math.round(paged / pagedSeconds),
        'MB/s': null,
        'server grew MB': null,
      },
    ];
  } finally {
    await platform.close();
  }
}

const rows = [];
for (const dialect of TEST_DIALECTS) rows.push(...(await benchDialect(dialect)));
console.log(`${describeMachine()}; ${INVOICES} invoices; the server and this reader share one process`);
console.table(rows);
