import { cpus } from 'node:os';
import type { FastifyInstance } from 'fastify';

/** The value below which `p` percent of `values` fall (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p50 and p99 of `times` (milliseconds), as the tables print them. */
export function latencies(times: readonly number[]): { 'p50 ms': number; 'p99 ms': number } {
  return {
    'p50 ms': Number(percentile(times, 50).toFixed(2)),
    'p99 ms': Number(percentile(times, 99).toFixed(2)),
  };
}

/**
 * `requests` GETs of `url` one after another through the app's HTTP stack, after as many
 * uncounted ones to warm it; answers p50 and p99 in milliseconds. Anything but 200 fails the bench.
 */
export async function timeRequests(
  app: FastifyInstance,
  input: { url: string; requests: number; headers?: Record<string, string> },
): Promise<{ 'p50 ms': number; 'p99 ms': number }> {
  const times: number[] = [];
  for (let index = 0; index < 2 * input.requests; index += 1) {
    const started = performance.now();
    const response = await app.inject({ url: input.url, headers: input.headers ?? {} });
    if (index >= input.requests) times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${input.url} answered ${response.statusCode}`);
  }
  return latencies(times);
}

/** The machine, above each table. */
export function describeMachine(): string {
  const cpu = cpus()[0]?.model.split(' ').slice(0, 2).join(' ');
  return `${cpus().length} × ${cpu}, Node ${process.version}`;
}

/** The machine and the run, above each table. */
export function describeRun(requests: number): string {
  return `${describeMachine()}; ${requests} requests each, one after another`;
}
