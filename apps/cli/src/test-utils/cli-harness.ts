import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../cli-io.ts';
import { configFilePath } from '../config/config-file.ts';
import { runCli } from '../program.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliHarness {
  /** The folder commands run in (an app's folder). */
  cwd: string;
  /** XDG_CONFIG_HOME of the runs. */
  configHome: string;
  configPath: string;
  /** The environment of the next runs; change it freely. */
  env: Record<string, string | undefined>;
  /** Pages the CLI asked to open. */
  opened: string[];
  /** What the running command has printed on stdout so far. */
  printed: string;
  /** Called at each wait of the CLI (a poll's 2 s, instantly here), with how many came before. */
  onSleep: (count: number) => Promise<void> | void;
  onOpen: (url: string) => Promise<void> | void;
  run(...argv: string[]): Promise<CliRun>;
  remove(): Promise<void>;
}

/**
 * Runs `bazaar` in-process in a fresh app folder with its own config folder and environment:
 * nothing is read from or written to the machine's real config, no browser opens, no wait is real,
 * and no prompt is ever answered (as in CI).
 */
export async function createCliHarness(options: { stdoutIsTTY?: boolean } = {}): Promise<CliHarness> {
  const root = await mkdtemp(join(tmpdir(), 'bazaar-cli-'));
  const cwd = join(root, 'hello-app');
  const configHome = join(root, 'config');
  await mkdir(cwd);
  const harness: CliHarness = {
    cwd,
    configHome,
    configPath: configFilePath({ XDG_CONFIG_HOME: configHome }),
    env: { XDG_CONFIG_HOME: configHome, HOME: root },
    opened: [],
    printed: '',
    onSleep: () => {},
    onOpen: () => {},
    async run(...argv) {
      let stdout = '';
      let stderr = '';
      harness.printed = '';
      let sleeps = 0;
      let clock = 1_800_000_000_000;
      const io: CliIo = {
        stdout: {
          write: (text) => {
            stdout += text;
            harness.printed = stdout;
          },
          isTTY: options.stdoutIsTTY ?? false,
        },
        stderr: { write: (text) => void (stderr += text), isTTY: false },
        env: { ...harness.env },
        cwd: harness.cwd,
        hostname: () => 'ann-laptop',
        async openUrl(url) {
          harness.opened.push(url);
          await harness.onOpen(url);
        },
        async sleep(ms) {
          clock += ms;
          await harness.onSleep(sleeps++);
        },
        now: () => clock,
        async prompt() {
          return null;
        },
      };
      const code = await runCli(argv, io);
      return { code, stdout, stderr };
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
  return harness;
}
