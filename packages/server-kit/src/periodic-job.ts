import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs `task` now and then every `intervalMs`, never two at once; a failed run is logged and
 * the next one retries. `stop` waits for a run in progress.
 */
export function createPeriodicJob(input: {
  task: () => Promise<unknown>;
  intervalMs: number;
  logger: FastifyBaseLogger;
  failureMessage: string;
}): PeriodicJob {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;

  function run() {
    if (running) return;
    running = input
      .task()
      .then(() => undefined)
      .catch((error: unknown) => input.logger.error({ err: error }, input.failureMessage))
      .finally(() => {
        running = null;
      });
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(run, input.intervalMs);
      timer.unref();
      run();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
