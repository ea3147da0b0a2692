import { readBundle } from '@bazaar/bundle';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCliHarness, type CliHarness } from '../test-utils/cli-harness.ts';

describe('bazaar bundle', () => {
  let cli: CliHarness;
  beforeEach(async () => {
    cli = await createCliHarness();
    await cli.run('init', '--name', 'hello-app', '--title', 'Hello', '--yes');
    await mkdir(join(cli.cwd, 'dist'));
    await writeFile(join(cli.cwd, 'dist', 'index.js'), 'console.log("hello");\n');
    await writeFile(join(cli.cwd, 'README.md'), '# Hello\n');
  });
  afterEach(async () => {
    await cli.remove();
  });
  const release = () => join(cli.cwd, '.bazaar', 'release', 'hello-app-0.1.0.tgz');

  it('writes the signed bundle of bazaar.json and says what it is', async () => {
    const run = await cli.run('bundle');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const key = JSON.parse(await readFile(join(cli.cwd, '.bazaar', 'app-key.json'), 'utf8'));
    const bytes = await readFile(release());
    const field = (name: string) => new RegExp(`^${name}: +(.+)$`, 'm').exec(run.stdout)?.[1];
    expect(field('Bundle')).toBe('.bazaar/release/hello-app-0.1.0.tgz');
    expect(field('App')).toBe(`hello-app (${key.did})`);
    expect(field('Version')).toBe('0.1.0');
    expect(field('Files')).toBe('3');
    expect(field('Size')).toContain(`${bytes.length.toLocaleString('en-US')} bytes`);
    const integrity = field('Integrity')!;
    expect(integrity).toMatch(/^sha512-/);
    const verified = await readBundle(createReadStream(release()), {
      maxBytes: 1024 * 1024,
      expectedIntegrity: integrity,
    });
    expect(verified.manifest).toMatchObject({ did: key.did, name: 'hello-app', title: 'Hello' });
    expect(verified.manifest.files.map((file) => file.path)).toEqual([
      'README.md',
      'bazaar.json',
      'dist/index.js',
    ]);
  });

  it('gives the same bytes twice, whatever the files’ times', async () => {
    await cli.run('bundle');
    const first = await readFile(release());
    await utimes(join(cli.cwd, 'dist', 'index.js'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    await cli.run('bundle');
    expect(Buffer.compare(await readFile(release()), first)).toBe(0);
  });

  it('says what is wrong with bazaar.json, with the bundle’s code', async () => {
    const project = JSON.parse(await readFile(join(cli.cwd, 'bazaar.json'), 'utf8'));
    await writeFile(join(cli.cwd, 'bazaar.json'), JSON.stringify({ ...project, version: 'one' }));
    const run = await cli.run('bundle');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error [BUNDLE_MANIFEST_INVALID]');
    expect(run.stderr).toContain('version: Expected a semantic version such as 1.2.3');
  });

  it('needs bazaar.json and the key', async () => {
    await writeFile(join(cli.cwd, '.bazaar', 'app-key.json'), '{}');
    const badKey = await cli.run('bundle');
    expect([badKey.code, badKey.stderr]).toEqual([
      1,
      expect.stringContaining('Error [APP_KEY_FILE_INVALID]'),
    ]);
    cli.cwd = join(cli.cwd, 'dist');
    const run = await cli.run('bundle');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error [PROJECT_NOT_FOUND]: No bazaar.json in');
    expect(run.stderr).toContain('Run bazaar init here first');
  });
});
