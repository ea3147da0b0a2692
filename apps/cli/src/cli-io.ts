import { hostname } from 'node:os';
import { createInterface } from 'node:readline/promises';
import open from 'open';

/** Where a command writes: stdout or stderr, knowing whether a person watches it. */
export interface CliOutput {
  write(text: string): void;
  /** True on a terminal: progress bars and prompts only then. */
  isTTY: boolean;
}

/**
 * Everything a command takes from the world, so tests run the commands in-process with their
 * own folder, environment, clock and browser.
 */
export interface CliIo {
  stdout: CliOutput;
  stderr: CliOutput;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** The machine's name, shown on the approval page. */
  hostname(): string;
  /** Opens a page in the person's browser. */
  openUrl(url: string): Promise<void>;
  sleep(ms: number): Promise<void>;
  /** Milliseconds since the epoch. */
  now(): number;
  /** Asks a question on the terminal; null when nobody can answer (no terminal, CI). */
  prompt(question: string, defaultAnswer: string): Promise<string | null>;
}

function output(stream: NodeJS.WriteStream): CliOutput {
  return { write: (text) => void stream.write(text), isTTY: stream.isTTY === true };
}

/** The real terminal, environment and browser. */
export function processIo(): CliIo {
  return {
    stdout: output(process.stdout),
    stderr: output(process.stderr),
    env: process.env,
    cwd: process.cwd(),
    hostname,
    async openUrl(url) {
      const child = await open(url);
      // A machine without a browser (a server over SSH) fails here; the URL is printed anyway.
      child.on('error', () => {});
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    async prompt(question, defaultAnswer) {
      if (!process.stdin.isTTY || !process.stdout.isTTY) return null;
      const readline = createInterface({ input: process.stdin, output: process.stdout });
      try {
        const answer = await readline.question(`${question} (${defaultAnswer}) `);
        return answer.trim() || defaultAnswer;
      } finally {
        readline.close();
      }
    },
  };
}
