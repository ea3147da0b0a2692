/**
 * Cold start of the platform as `npm start` runs it (web pages already built): a fresh data
 * folder each run, timed from spawn to the first answer of /__platform.json, then the resident
 * memory of the server process after start and after a short warm-up of the checkout API.
 *
 *   npx node bench/startup.ts [runs=3]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.argv[2] ?? 3);

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

async function waitForServer(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`no answer from ${url}`);
}

async function measure(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bazaar-bench-'));
  const started = performance.now();
  const server = spawn(process.execPath, ['apps/platform/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await waitForServer(`http://127.0.0.1:${port}/__platform.json`, Date.now() + 60_000);
    const coldStartMs = Math.round(performance.now() - started);
    const rssAfterStart = rssMegabytes(server.pid!);
    for (let i = 0; i < 50; i += 1) {
      await fetch(`http://127.0.0.1:${port}/payment-kit/api/checkout-sessions/start/plink_demo_onetime`, {
        method: 'POST',
      });
    }
    return { coldStartMs, rssAfterStart, rssAfter50Sessions: rssMegabytes(server.pid!) };
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (let run = 0; run < RUNS; run += 1) results.push(await measure(31_000 + run));
console.table(results);
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `cold start (fresh SQLite, migrations + demo seed): median ${median(results.map((r) => r.coldStartMs))} ms; ` +
    `RSS after start: median ${median(results.map((r) => r.rssAfterStart))} MB; ` +
    `after 50 checkout sessions: median ${median(results.map((r) => r.rssAfter50Sessions))} MB`,
);
