import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCliHarness, type CliHarness } from './test-utils/cli-harness.ts';

const COMMANDS = ['connect', 'whoami', 'logout', 'init', 'bundle', 'upload', 'publish', 'status', 'download'];

describe('the bazaar command', () => {
  let cli: CliHarness;
  beforeEach(async () => {
    cli = await createCliHarness();
  });
  afterEach(async () => {
    await cli.remove();
  });

  it('lists its commands, the environment and the exit codes with --help (exit 0)', async () => {
    const run = await cli.run('--help');
    expect(run.code).toBe(0);
    for (const command of COMMANDS) expect(run.stdout).toContain(`  ${command}`);
    expect(run.stdout).toContain('BAZAAR_TOKEN');
    expect(run.stdout).toContain('Exit codes: 0 done, 1 failed, 2 wrong usage.');
    expect((await cli.run('--version')).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it.each(COMMANDS)('explains %s with --help (exit 0), doing nothing', async (command) => {
    const run = await cli.run(command, '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Usage: bazaar ${command}`);
    expect(cli.opened).toEqual([]);
  });

  it('answers a wrong call with exit 2 and what to do', async () => {
    for (const argv of [
      [],
      ['nope'],
      ['whoami', '--nope'],
      ['publish', '1.0.0', 'extra'],
      ['upload', '--store'],
    ]) {
      const run = await cli.run(...argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr, argv.join(' ')).not.toBe('');
    }
    expect((await cli.run('nope')).stderr).toContain("unknown command 'nope'");
  });

  it('fails a command that cannot be done with exit 1, its code and a next step', async () => {
    const run = await cli.run('whoami', '--store', 'https://store.example.com');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Error [NOT_CONNECTED]: Not connected to https://store.example.com\n' +
        'Run bazaar connect https://store.example.com, or set BAZAAR_TOKEN to an access token\n',
    );
  });

  it('warns before a token crosses the network in plain http', async () => {
    cli.env.BAZAAR_TOKEN = 'bzr_AAAAAAAABBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB000000';
    const run = await cli.run('whoami', '--store', 'http://store.invalid');
    expect(run.stderr).toContain('Warning: http://store.invalid is plain http');
    expect(run.stderr).toContain(
      'Error [STORE_UNREACHABLE]: Failed to connect to store: http://store.invalid',
    );
    const local = await cli.run('whoami', '--store', 'http://localhost:9');
    expect(local.stderr).not.toContain('Warning');
  });
});
