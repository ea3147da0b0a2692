import { SingleBar } from 'cli-progress';
import type { CliOutput } from '../cli-io.ts';
import { formatBytes } from './format.ts';

export interface Progress {
  update(doneBytes: number): void;
  stop(): void;
}

const PLAIN_STEP_PERCENT = 10;

/**
 * Upload progress on stderr: a bar on a terminal, else a line at every tenth (CI logs stay
 * short and readable).
 */
export function createProgress(out: CliOutput, totalBytes: number, label: string): Progress {
  if (out.isTTY) {
    const bar = new SingleBar({
      format: `${label} [{bar}] {percentage}% | {value}/{total} bytes | {eta_formatted} left`,
      stream: { write: (text: string) => out.write(text), isTTY: true } as unknown as NodeJS.WritableStream,
      hideCursor: true,
      clearOnComplete: false,
    });
    bar.start(totalBytes, 0);
    return { update: (done) => bar.update(done), stop: () => bar.stop() };
  }
  let lastStep = -1;
  const update = (done: number) => {
    const percent = totalBytes === 0 ? 100 : Math.floor((done / totalBytes) * 100);
    const step = Math.floor(percent / PLAIN_STEP_PERCENT);
    if (step === lastStep) return;
    lastStep = step;
    out.write(`${label} ${step * PLAIN_STEP_PERCENT}% of ${formatBytes(totalBytes)}\n`);
  };
  update(0);
  return { update, stop() {} };
}
