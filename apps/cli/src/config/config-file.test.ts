import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCliHarness, type CliHarness } from '../test-utils/cli-harness.ts';
import { configFilePath, readConfigFile, writeConfigFile } from './config-file.ts';

const TOKEN = 'bzr_AAAAAAAABBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB000000';
const config = {
  store: 'https://store.example.com',
  developer: { did: 'did:bazaar:usr_ann', username: 'Ann' },
};

describe('the config file', () => {
  let root: string;
  let path: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bazaar-config-'));
    path = configFilePath({ XDG_CONFIG_HOME: join(root, 'xdg') });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('lives in $XDG_CONFIG_HOME/bazaar, else in ~/.config/bazaar', () => {
    expect(configFilePath({ XDG_CONFIG_HOME: '/x', HOME: '/home/ann' })).toBe('/x/bazaar/config.json');
    expect(configFilePath({ HOME: '/home/ann' })).toBe('/home/ann/.config/bazaar/config.json');
    expect(configFilePath({ XDG_CONFIG_HOME: '', HOME: '/home/ann' })).toBe(
      '/home/ann/.config/bazaar/config.json',
    );
  });

  it('is written with mode 0600 in a folder of mode 0700, through a temporary file', async () => {
    await writeConfigFile(path, config);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(root, 'xdg', 'bazaar'))).mode & 0o777).toBe(0o700);
    expect(await readdir(join(root, 'xdg', 'bazaar'))).toEqual(['config.json']);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(config);
    expect(await readConfigFile(path)).toEqual(config);
  });

  it('narrows a folder others could enter, and replaces a file others could read', async () => {
    await writeConfigFile(path, config);
    await chmod(join(root, 'xdg', 'bazaar'), 0o755);
    await chmod(path, 0o644);
    await writeConfigFile(path, { ...config, store: 'https://other.example.com' });
    expect((await stat(join(root, 'xdg', 'bazaar'))).mode & 0o777).toBe(0o700);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('reads as empty when there is none', async () => {
    expect(await readConfigFile(path)).toEqual({});
  });

  it('refuses a file group or others may read, saying how to fix it', async () => {
    await writeConfigFile(path, config);
    for (const mode of [0o644, 0o640, 0o604, 0o660]) {
      await chmod(path, mode);
      await expect(readConfigFile(path)).rejects.toMatchObject({
        code: 'CONFIG_INSECURE',
        message: expect.stringContaining(`mode 0${mode.toString(8)}`),
        hint: `Run: chmod 600 ${path}`,
      });
    }
    await chmod(path, 0o400);
    expect(await readConfigFile(path)).toEqual(config);
  });

  it('refuses a file that is not JSON or not a config', async () => {
    await writeConfigFile(path, config);
    await writeFile(path, '{ nope');
    await expect(readConfigFile(path)).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await writeFile(path, JSON.stringify({ token: 'not-a-token' }));
    await expect(readConfigFile(path)).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      details: [{ path: 'token', message: 'Expected an access token (bzr_…)' }],
    });
  });
});

describe('a command reading the config', () => {
  let cli: CliHarness;
  beforeEach(async () => {
    cli = await createCliHarness();
  });
  afterEach(async () => {
    await cli.remove();
  });

  it('stops with CONFIG_INSECURE (exit 1) when the file is readable by others', async () => {
    await writeConfigFile(cli.configPath, { ...config, token: TOKEN });
    await chmod(cli.configPath, 0o644);
    const run = await cli.run('whoami');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Error [CONFIG_INSECURE]: ${cli.configPath} holds an access token`);
    expect(run.stderr).toContain(`Run: chmod 600 ${cli.configPath}`);
  });

  it('does not read the config when the environment names the store and the token', async () => {
    await writeConfigFile(cli.configPath, { ...config, token: TOKEN });
    await chmod(cli.configPath, 0o644);
    cli.env.BAZAAR_STORE = 'http://127.0.0.1:9';
    cli.env.BAZAAR_TOKEN = TOKEN;
    const run = await cli.run('whoami');
    expect(run.stderr).toContain('Error [STORE_UNREACHABLE]: Failed to connect to store: http://127.0.0.1:9');
  });
});
