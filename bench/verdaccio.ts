/**
 * Verdaccio 6, the npm registry the Store's publishing is measured against. It is no dependency
 * of the repository (every `npm ci` would pay for it): the first run installs it into a cache
 * folder outside the repository, and each run starts it as a child process on a free port with a
 * throwaway config and storage (htpasswd auth as in its default config, its default tokens),
 * adds a user as `npm adduser` does, and kills it when done.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** `tmpdir()` follows TMPDIR; the install survives runs, not reboots. */
const CACHE = join(tmpdir(), 'bazaar-bench-verdaccio');
const PACKAGE = join(CACHE, 'node_modules', 'verdaccio');
const START_TIMEOUT_MS = 60_000;
const USER = { name: 'bench', password: 'bench-password-1', email: 'bench@example.com' };

export interface Verdaccio {
  version: string;
  /** Where it listens: `http://127.0.0.1:{port}`. */
  url: string;
  /** `npm publish` of `tarball` as `name@version`, authenticated by the added user's token. */
  publish(input: { name: string; version: string; tarball: Buffer }): Promise<void>;
  close(): Promise<void>;
}

/** Runs `command` with this Node first on the PATH (npm's shebang asks for `node`), failing on a non-zero exit. */
async function run(command: string, args: readonly string[]): Promise<void> {
  const child = spawn(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` },
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
}

/**
 * verdaccio-audit asks for node-fetch by its dist-tag `cjs` (the 2.x line), which not every
 * registry or mirror carries; the version is pinned instead. No middleware of the config uses it.
 */
const CACHE_PACKAGE = { private: true, overrides: { 'verdaccio-audit': { 'node-fetch': '^2.7.0' } } };

async function installOnce(): Promise<void> {
  if (existsSync(join(PACKAGE, 'package.json'))) return;
  console.error(`Installing Verdaccio 6 into ${CACHE} (first run only)…`);
  await mkdir(CACHE, { recursive: true });
  await writeFile(join(CACHE, 'package.json'), JSON.stringify(CACHE_PACKAGE));
  await run('npm', ['install', '--prefix', CACHE, '--no-audit', '--no-fund', 'verdaccio@6']);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Written as JSON, which YAML reads as it is. */
function config(folder: string) {
  return {
    storage: join(folder, 'storage'),
    auth: { htpasswd: { file: join(folder, 'htpasswd'), max_users: 1000 } },
    uplinks: {},
    packages: { '**': { access: '$all', publish: '$authenticated', unpublish: '$authenticated' } },
    log: { type: 'stdout', format: 'pretty', level: 'error' },
    // Searches (and logins) are limited to 1,000 per 15 minutes by default; a bench asks more.
    userRateLimit: { windowMs: 1_000, max: 1_000_000 },
  };
}

async function waitForPing(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited with ${child.exitCode}`);
    const answered = await fetch(`${url}/-/ping`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await sleep(100);
  }
  throw new Error(`Verdaccio did not answer at ${url} within ${START_TIMEOUT_MS} ms`);
}

/** `npm adduser`: the registry creates the user and answers its token. */
async function addUser(url: string): Promise<string> {
  const response = await fetch(`${url}/-/user/org.couchdb.user:${USER.name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _id: `org.couchdb.user:${USER.name}`, ...USER, type: 'user', roles: [] }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 201 || !body.token)
    throw new Error(`adduser answered ${response.status}: ${JSON.stringify(body)}`);
  return body.token;
}

/** The body `npm publish` sends: the package document with its one version and the tarball attached. */
function publishBody(url: string, input: { name: string; version: string; tarball: Buffer }) {
  const { name, version, tarball } = input;
  const file = `${name}-${version}.tgz`;
  return {
    _id: name,
    name,
    description: 'A bench package.',
    'dist-tags': { latest: version },
    versions: {
      [version]: {
        name,
        version,
        description: 'A bench package.',
        readme: '# Bench\n',
        _id: `${name}@${version}`,
        dist: {
          integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
          shasum: createHash('sha1').update(tarball).digest('hex'),
          tarball: `${url}/${name}/-/${file}`,
        },
      },
    },
    access: null,
    _attachments: {
      [file]: {
        content_type: 'application/octet-stream',
        data: tarball.toString('base64'),
        length: tarball.length,
      },
    },
  };
}

export async function startVerdaccio(): Promise<Verdaccio> {
  await installOnce();
  const folder = await mkdtemp(join(tmpdir(), 'bazaar-bench-verdaccio-run-'));
  const configFile = join(folder, 'config.yaml');
  await writeFile(configFile, JSON.stringify(config(folder)));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [join(PACKAGE, 'bin', 'verdaccio'), '--config', configFile, '--listen', `127.0.0.1:${port}`],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const close = async () => {
    if (child.exitCode === null) {
      child.kill();
      await once(child, 'exit');
    }
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await waitForPing(url, child);
    const token = await addUser(url);
    return {
      version: (JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { version: string })
        .version,
      url,
      async publish(input) {
        const response = await fetch(`${url}/${input.name}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(publishBody(url, input)),
        });
        const answer = await response.text();
        if (response.status !== 201) throw new Error(`Verdaccio answered ${response.status}: ${answer}`);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
