import { ACCESS_TOKEN_PATTERN, CLI_CONNECT_TTL_SECONDS } from '@bazaar/schemas';
import { oneCharacterOff } from '@bazaar/server-kit/testing';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCliHarness, type CliHarness } from '../test-utils/cli-harness.ts';
import { sessionIdOf, startStorePlatform, type StorePlatform } from '../test-utils/store-platform.ts';

/** An X25519 public key (RFC 7748's test vector), for sessions opened without the CLI. */
const X25519_PUBLIC_KEY = Buffer.from(
  '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
  'hex',
).toString('base64url');

describe('bazaar connect, whoami and logout against a running platform', () => {
  let s: StorePlatform;
  let cli: CliHarness;
  beforeAll(async () => {
    s = await startStorePlatform();
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(async () => {
    cli = await createCliHarness();
  });
  afterEach(async () => {
    await cli.remove();
  });

  /** Approves (or denies) the session the CLI opened, from the developer's browser, at the CLI's `afterPolls`-th poll. */
  function decideAt(afterPolls: number, decision: 'approve' | 'deny', cookie = () => s.developerCookie) {
    cli.onSleep = async (count) => {
      if (count !== afterPolls) return;
      const id = sessionIdOf(cli.opened[0]!);
      const response = await s.call('POST', `/cli/connect/${id}/${decision}`, cookie());
      expect(response.statusCode, response.body).toBe(200);
    };
  }
  const savedConfig = async () => JSON.parse(await readFile(cli.configPath, 'utf8'));

  it('waits for the approval in the browser, saves the token (0600), and whoami uses it', async () => {
    decideAt(2, 'approve');
    const run = await cli.run('connect', s.store);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(cli.opened).toEqual([expect.stringMatching(new RegExp(`^${s.store}/connect-cli\\?session=ccs_`))]);
    expect(run.stdout).toContain(cli.opened[0]);
    expect(run.stdout).toMatch(/Verification code: [A-Z0-9]{4}-[A-Z0-9]{4}/);
    expect(run.stdout).toContain(`Connected to ${s.store} as developer`);

    const config = await savedConfig();
    expect(config).toEqual({
      store: s.store,
      token: expect.stringMatching(ACCESS_TOKEN_PATTERN),
      developer: { did: expect.stringMatching(/^did:/), username: 'developer' },
    });
    expect((await stat(cli.configPath)).mode & 0o777).toBe(0o600);
    expect((await stat(cli.configHome + '/bazaar')).mode & 0o777).toBe(0o700);

    const whoami = await cli.run('whoami');
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(whoami.stdout).toContain(`developer (${config.developer.did})`);
    expect(whoami.stdout).toMatch(/Scopes: +upload, publish, read/);
    expect(whoami.stdout).toContain(`from ${cli.configPath}`);

    // The token is listed on the developer's page under the machine's name.
    const tokens = (await s.call('GET', '/developer/access-tokens', s.developerCookie)).json() as {
      list: Array<{ name: string }>;
    };
    expect(tokens.list.map((token) => token.name)).toContain('CLI on ann-laptop');
  });

  it('only prints the page with --no-open, and takes the store from BAZAAR_STORE', async () => {
    cli.env.BAZAAR_STORE = `${s.store}/`;
    cli.onSleep = async (count) => {
      if (count !== 0) return;
      // The page's address as a person without a browser reads it from the terminal.
      const printedUrl = /^ {2}(http\S+)$/m.exec(cli.printed)![1]!;
      await s.call('POST', `/cli/connect/${sessionIdOf(printedUrl)}/approve`, s.developerCookie);
    };
    const run = await cli.run('connect', '--no-open');
    expect(run.code, run.stderr).toBe(0);
    expect(cli.opened).toEqual([]);
    expect((await savedConfig()).store).toBe(s.store);
  });

  it('lets BAZAAR_TOKEN beat the saved token, and never sends the saved token to another store', async () => {
    decideAt(0, 'approve');
    expect((await cli.run('connect', s.store)).code).toBe(0);
    const created = await s.call('POST', '/developer/access-tokens', s.developerCookie, {
      name: 'ci',
      scopes: ['read'],
    });
    const { token, accessToken } = created.json() as { token: string; accessToken: { id: string } };

    cli.env.BAZAAR_TOKEN = token;
    const fromEnv = await cli.run('whoami');
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(fromEnv.stdout).toMatch(new RegExp(`Token: +${accessToken.id} \\(from BAZAAR_TOKEN\\)`));
    expect(fromEnv.stdout).toMatch(/Scopes: +read$/m);

    cli.env.BAZAAR_TOKEN = oneCharacterOff(token);
    const wrong = await cli.run('whoami');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Error [TOKEN_INVALID]: The access token is not valid');
    expect(wrong.stderr).toContain('Run bazaar connect');

    delete cli.env.BAZAAR_TOKEN;
    const elsewhere = await cli.run('--store', 'http://127.0.0.1:9', 'whoami');
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain('Error [NOT_CONNECTED]: Not connected to http://127.0.0.1:9');
  });

  it('logs out: the token leaves the config file, the store stays', async () => {
    decideAt(0, 'approve');
    await cli.run('connect', s.store);
    const run = await cli.run('logout');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Logged out developer: the access token was removed from ${cli.configPath}`);
    expect(run.stdout).toContain(`${s.store}/developer/access-tokens`);
    expect(await savedConfig()).toEqual({ store: s.store });
    expect((await stat(cli.configPath)).mode & 0o777).toBe(0o600);
    const whoami = await cli.run('whoami');
    expect(whoami.code).toBe(1);
    expect(whoami.stderr).toContain(`Error [NOT_CONNECTED]: Not connected to ${s.store}`);
    expect((await cli.run('logout')).stdout).toContain('Not connected');
  });

  it('stops when the connection is denied, saving nothing', async () => {
    decideAt(1, 'deny');
    const run = await cli.run('connect', s.store);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error [CONNECT_DENIED]: The connection was denied in the browser');
    await expect(stat(cli.configPath)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('says "Invalid Session" when nobody approves in time', async () => {
    cli.onSleep = (count) => {
      if (count === 1) s.platform.clock.advance(CLI_CONNECT_TTL_SECONDS);
    };
    const run = await cli.run('connect', s.store);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error [CONNECT_SESSION_INVALID]: Invalid Session');
    expect(run.stderr).toContain('Use the connect command again: bazaar connect');
  });

  it('says "Invalid Session" when the store no longer knows the session', async () => {
    cli.onSleep = async (count) => {
      if (count !== 0) return;
      // Approved but not collected until long after it ended: the Store has forgotten it.
      await s.call('POST', `/cli/connect/${sessionIdOf(cli.opened[0]!)}/approve`, s.developerCookie);
      s.platform.clock.advance(3 * CLI_CONNECT_TTL_SECONDS);
      await s.platform.app.inject({
        method: 'POST',
        url: '/api/cli/connect',
        payload: { publicKey: X25519_PUBLIC_KEY },
      });
    };
    const run = await cli.run('connect', s.store);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error [CONNECT_SESSION_INVALID]: Invalid Session');
  });

  it('refuses a member who is no developer: the session stays pending', async () => {
    cli.onSleep = async (count) => {
      if (count === 0) {
        const id = sessionIdOf(cli.opened[0]!);
        const refused = await s.call('POST', `/cli/connect/${id}/approve`, s.memberCookie);
        expect(refused.statusCode).toBe(403);
        expect((refused.json() as { error: { message: string } }).error.message).toContain(
          'You have no valid Developer NFT',
        );
      }
      if (count === 2) s.platform.clock.advance(CLI_CONNECT_TTL_SECONDS);
    };
    const run = await cli.run('connect', s.store);
    expect(run.stderr).toContain('Invalid Session');
  });

  it('holds opening sessions to a sign-in route’s budget per address', async () => {
    const open = () =>
      s.platform.app.inject({
        method: 'POST',
        url: '/api/cli/connect',
        remoteAddress: '203.0.113.7',
        payload: { publicKey: X25519_PUBLIC_KEY },
      });
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await open()).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});

describe('bazaar connect to a wrong address', () => {
  let cli: CliHarness;
  let notAStore: Server;
  let closedPort: number;
  beforeAll(async () => {
    notAStore = createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
    });
    await new Promise<void>((resolve) => notAStore.listen(0, '127.0.0.1', resolve));
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => notAStore.close(resolve));
  });
  beforeEach(async () => {
    cli = await createCliHarness();
  });
  afterEach(async () => {
    await cli.remove();
  });

  it('refuses what is no address as a usage error (exit 2)', async () => {
    for (const address of [
      'store.example.com',
      'ftp://store.example.com',
      'https://ann:pw@store.example.com',
    ]) {
      const run = await cli.run('connect', address);
      expect(run.code, address).toBe(2);
      expect(run.stderr).toContain('Error [STORE_URL_INVALID]');
    }
    const none = await cli.run('connect');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Error [STORE_REQUIRED]');
  });

  it('says "Failed to connect to store" when nothing answers, or something that is no store (exit 1)', async () => {
    const closed = await cli.run('connect', `http://127.0.0.1:${closedPort}`);
    expect(closed.code).toBe(1);
    expect(closed.stderr).toContain(
      `Error [STORE_UNREACHABLE]: Failed to connect to store: http://127.0.0.1:${closedPort}`,
    );
    expect(closed.stderr).toContain('ECONNREFUSED');

    const { port } = notAStore.address() as AddressInfo;
    const other = await cli.run('connect', `http://127.0.0.1:${port}`);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('Error [STORE_BAD_RESPONSE]: Failed to connect to store');
    expect(other.stderr).toContain('answered HTTP 404, not as a Bazaar Store');
    expect(cli.opened).toEqual([]);
  });
});
