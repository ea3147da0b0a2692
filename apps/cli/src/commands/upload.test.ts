import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliHarness, type CliHarness } from '../test-utils/cli-harness.ts';
import { sessionIdOf, startStorePlatform, type StorePlatform } from '../test-utils/store-platform.ts';

/**
 * One app's life through the CLI against the running platform: connect, init, upload (bundled on
 * the way), status, publish refused until reviewed, publish, and the refusals a developer meets.
 */
describe('bazaar upload, status and publish against a running platform', () => {
  let s: StorePlatform;
  let cli: CliHarness;
  let did: string;
  /** The connected token, kept once the config forgets it (logout). */
  let token: string;
  beforeAll(async () => {
    s = await startStorePlatform();
    cli = await createCliHarness();
    cli.onSleep = async (count) => {
      if (count === 0)
        await s.call('POST', `/cli/connect/${sessionIdOf(cli.opened[0]!)}/approve`, s.developerCookie);
    };
    expect((await cli.run('connect', s.store)).code).toBe(0);
    expect((await cli.run('init', '--name', 'hello-app', '--title', 'Hello', '--yes')).code).toBe(0);
    await mkdir(join(cli.cwd, 'dist'));
    await writeFile(join(cli.cwd, 'dist', 'index.js'), 'console.log("hello");\n');
    did = JSON.parse(await readFile(join(cli.cwd, '.bazaar', 'app-key.json'), 'utf8')).did;
  });
  afterAll(async () => {
    await cli?.remove();
    await s?.close();
  });

  it('bundles what is not bundled yet, streams it up with progress, and says what became of it', async () => {
    const run = await cli.run('upload');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('No bundle of hello-app 0.1.0 yet: bundling it.');
    expect(run.stdout).toContain(`Uploaded hello-app 0.1.0 (${did}): draft.`);
    expect(run.stdout).toContain('Publish it with: bazaar publish 0.1.0');
    // Not a terminal: a plain line per tenth, up to all of it.
    expect(run.stderr).toMatch(/^Uploading \.bazaar\/release\/hello-app-0\.1\.0\.tgz 0% of .+ bytes\)?$/m);
    expect(run.stderr).toMatch(/^Uploading \.bazaar\/release\/hello-app-0\.1\.0\.tgz 100% of .+ bytes\)?$/m);
  });

  it('lists the versions as a table', async () => {
    const run = await cli.run('status');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`hello-app (${did}) on ${s.store}`);
    expect(run.stdout).toMatch(/^VERSION +STATUS +UPLOADED +PUBLISHED +SIZE$/m);
    expect(run.stdout).toMatch(/^0\.1\.0 +draft +2027-01-15 \d\d:\d\d UTC +- +\d+ bytes$/m);
  });

  it('refuses the same version again, saying what to do', async () => {
    const run = await cli.run('upload');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error [VERSION_NOT_GREATER]');
    expect(run.stderr).toContain('Raise "version" in bazaar.json');
  });

  it('publishes once the version is reviewed and approved', async () => {
    const early = await cli.run('publish');
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('Error [VERSION_STATE_INVALID]');

    const path = `/developer/apps/${did}/versions/0.1.0`;
    expect((await s.call('PUT', path, s.developerCookie, { action: 'requestReview' })).statusCode).toBe(200);
    const review = `/console/apps/${did}/review`;
    expect(
      (await s.call('PUT', review, s.ownerCookie, { action: 'start', version: '0.1.0' })).statusCode,
    ).toBe(200);
    const approved = await s.call('PUT', review, s.ownerCookie, {
      action: 'approve',
      version: '0.1.0',
      category: 'productivity',
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const run = await cli.run('publish', '0.1.0');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${did} 0.1.0: published.`);
    expect((await cli.run('status')).stdout).toMatch(/^0\.1\.0 +published +\S+ \S+ UTC +2027-01-15 /m);
  });

  it('uploads a file given by name, and reads the token from BAZAAR_TOKEN', async () => {
    const project = JSON.parse(await readFile(join(cli.cwd, 'bazaar.json'), 'utf8'));
    await writeFile(join(cli.cwd, 'bazaar.json'), JSON.stringify({ ...project, version: '0.2.0' }));
    expect((await cli.run('bundle')).code).toBe(0);
    token = JSON.parse(await readFile(cli.configPath, 'utf8')).token;
    await cli.run('logout');
    cli.env.BAZAAR_TOKEN = token;
    try {
      const run = await cli.run('upload', '.bazaar/release/hello-app-0.2.0.tgz');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Uploaded hello-app 0.2.0 (${did})`);
    } finally {
      delete cli.env.BAZAAR_TOKEN;
    }
  });

  it('is refused at once with a bad token, before the bundle is sent', async () => {
    await writeFile(join(cli.cwd, 'dist', 'noise.bin'), randomBytes(3 * 1024 * 1024));
    const project = JSON.parse(await readFile(join(cli.cwd, 'bazaar.json'), 'utf8'));
    await writeFile(join(cli.cwd, 'bazaar.json'), JSON.stringify({ ...project, version: '0.3.0' }));
    cli.env.BAZAAR_TOKEN = 'bzr_AAAAAAAABBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB000000';
    try {
      const run = await cli.run('upload');
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Error [TOKEN_INVALID]: The access token is not valid');
    } finally {
      delete cli.env.BAZAAR_TOKEN;
    }
  });

  it('checks the size against store.json before sending a byte', async () => {
    const settings = await s.call('PUT', '/console/settings', s.ownerCookie, { maxBundleSizeMb: 1 });
    expect(settings.statusCode, settings.body).toBe(200);
    cli.env.BAZAAR_TOKEN = token;
    const run = await cli.run('upload', '.bazaar/release/hello-app-0.3.0.tgz', '--store', s.store);
    delete cli.env.BAZAAR_TOKEN;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Error \[BUNDLE_TOO_LARGE\]: The bundle is 3\.0 MB .+ takes at most 1\.0 MB/);
    expect(run.stderr).not.toContain('Uploading');
  });
});
