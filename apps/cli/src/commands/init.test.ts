import { APP_KEY_FILE_PATH, parseAppKeyFile } from '@bazaar/bundle';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCliHarness, type CliHarness } from '../test-utils/cli-harness.ts';
import { nameFromFolder } from './init.ts';

describe('bazaar init', () => {
  let cli: CliHarness;
  beforeEach(async () => {
    cli = await createCliHarness();
  });
  afterEach(async () => {
    await cli.remove();
  });
  const project = async () => JSON.parse(await readFile(join(cli.cwd, 'bazaar.json'), 'utf8'));
  const keyText = () => readFile(join(cli.cwd, APP_KEY_FILE_PATH), 'utf8');

  it('writes bazaar.json and a new app key (0600) from its flags, without asking', async () => {
    const run = await cli.run(
      'init',
      '--name',
      'hello_app',
      '--title',
      'Hello',
      '--description',
      'Says hello',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await project()).toEqual({
      name: 'hello_app',
      title: 'Hello',
      version: '0.1.0',
      description: 'Says hello',
      license: 'UNLICENSED',
      keywords: [],
    });
    const key = parseAppKeyFile(await keyText());
    expect((await stat(join(cli.cwd, APP_KEY_FILE_PATH))).mode & 0o777).toBe(0o600);
    expect(run.stdout).toContain(`App DID: ${key.did}`);
    expect(run.stdout).toContain('Made a new app key in .bazaar/app-key.json');
  });

  it('takes the folder’s name and the defaults with --yes, or when nobody can be asked', async () => {
    expect((await cli.run('init', '--yes')).code).toBe(0);
    expect(await project()).toMatchObject({ name: 'hello-app', title: 'hello-app', version: '0.1.0' });
    expect(nameFromFolder('/work/My App 2')).toBe('My-App');
    expect(nameFromFolder('/work/2024')).toBe('my-app');
  });

  it('adds .bazaar/ to an existing .gitignore once, and makes none', async () => {
    await cli.run('init', '--yes');
    await expect(stat(join(cli.cwd, '.gitignore'))).rejects.toMatchObject({ code: 'ENOENT' });

    await writeFile(join(cli.cwd, '.gitignore'), 'node_modules');
    const run = await cli.run('init', '--yes', '--force');
    expect(run.stdout).toContain('Added .bazaar/ to .gitignore.');
    expect(await readFile(join(cli.cwd, '.gitignore'), 'utf8')).toBe('node_modules\n.bazaar/\n');
    await cli.run('init', '--yes', '--force');
    expect(await readFile(join(cli.cwd, '.gitignore'), 'utf8')).toBe('node_modules\n.bazaar/\n');
  });

  it('refuses to write over bazaar.json without --force, and never replaces the key', async () => {
    await cli.run('init', '--name', 'first', '--yes');
    const key = await keyText();
    const refused = await cli.run('init', '--name', 'second', '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Error [PROJECT_EXISTS]: bazaar.json already exists');
    expect(refused.stderr).toContain('Pass --force');
    expect((await project()).name).toBe('first');

    const forced = await cli.run('init', '--name', 'second', '--yes', '--force');
    expect(forced.code).toBe(0);
    expect((await project()).name).toBe('second');
    expect(await keyText()).toBe(key);
    expect(forced.stdout).toContain('Kept the existing app key');
  });

  it('keeps a key file put there before (from /gen-key-pair)', async () => {
    await cli.run('init', '--yes');
    const key = await keyText();
    await writeFile(join(cli.cwd, 'bazaar.json'), '{}');
    await mkdir(join(cli.cwd, 'other'));
    await cli.run('init', '--yes', '--force');
    expect(await keyText()).toBe(key);
  });

  it('refuses a name the manifest would refuse, as a usage error (exit 2)', async () => {
    const run = await cli.run('init', '--name', 'hello app 2', '--yes');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Error [APP_NAME_INVALID]');
    await expect(stat(join(cli.cwd, 'bazaar.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
