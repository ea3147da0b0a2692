import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { sql, type KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlatform } from '../platform.ts';
import { createTestPlatform, type TestPlatform } from '../testing.ts';
import { createMemoryMailer } from './mailer.ts';
import { SESSION_USER_COLUMNS } from './migrations.ts';
import type { UserServiceDb } from './repository.ts';
import { createSessionResolver, createUser, SESSION_LIFETIME_SECONDS } from './service.ts';

const USER = '/.well-known/service/user';

describe.each(TEST_DIALECTS)('sessions on %s', (dialect) => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await createTestPlatform(dialect, { components: () => [] });
  });
  afterEach(async () => {
    await platform.close();
  });

  const session = (cookie?: string) =>
    platform.app.inject({ url: `${USER}/session`, headers: cookie ? { cookie } : {} });

  it('answers null without a cookie or with a forged one', async () => {
    expect((await session()).json()).toEqual({ user: null });
    const { cookie } = await platform.signIn('ann@example.com');
    const [name, value] = cookie.split('=');
    const forged = `${name}=${value?.replace(/^./, (first) => (first === 'a' ? 'b' : 'a'))}`;
    expect((await session(forged)).json()).toEqual({ user: null });
    expect((await session(`bazaar_session=${value?.split('.')[0]}`)).json()).toEqual({ user: null });
  });

  it('logs out: the cookie is cleared and the old one stops working', async () => {
    const { cookie } = await platform.signIn('ann@example.com');
    const logout = await platform.app.inject({ method: 'POST', url: `${USER}/logout`, headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    const cleared = logout.cookies.find((candidate) => candidate.name === 'bazaar_session');
    expect(cleared?.value).toBe('');
    expect((await session(cookie)).json()).toEqual({ user: null });
  });

  // Signed-in users are kept in memory; whatever ends a session or changes a user, on any node,
  // must hold on the very next request.
  describe('the signed-in user kept in memory', () => {
    const db = () => platform.database.db as UserServiceDb;
    const whoIs = async (cookie: string) => (await session(cookie)).json().user;

    it('is gone at once when another node ends the session', async () => {
      const { cookie } = await platform.signIn('ann@example.com');
      expect((await whoIs(cookie)).email).toBe('ann@example.com');
      await db().deleteFrom('platform_sessions').execute();
      expect(await whoIs(cookie)).toBeNull();
    });

    it('answers a role changed behind its back on the next request', async () => {
      const { cookie } = await platform.signIn('ann@example.com');
      expect((await whoIs(cookie)).role).toBe('owner');
      await db().updateTable('platform_users').set({ role: 'member' }).execute();
      expect((await whoIs(cookie)).role).toBe('member');
    });

    it('stops answering a session past its end', async () => {
      const { cookie } = await platform.signIn('ann@example.com');
      expect(await whoIs(cookie)).not.toBeNull();
      platform.clock.advance(SESSION_LIFETIME_SECONDS + 1);
      expect(await whoIs(cookie)).toBeNull();
    });

    it('reads one small row per request once it knows the session', async () => {
      const { cookie } = await platform.signIn('ann@example.com');
      const token = platform.app.unsignCookie(decodeURIComponent(cookie.split('=')[1]!)).value!;
      const statements: string[] = [];
      const logging: KyselyPlugin = {
        transformQuery: ({ node, queryId }) => {
          statements.push(db().getExecutor().compileQuery(node, queryId).sql);
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      const resolve = createSessionResolver({ db: db().withPlugin(logging), clock: platform.clock });
      expect((await resolve(token))?.email).toBe('ann@example.com');
      statements.length = 0;
      expect((await resolve(token))?.email).toBe('ann@example.com');
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/from "platform_session_revision"/);
    });

    it('watches every column of a user but the sign-in time', async () => {
      const columns =
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`SELECT name FROM pragma_table_info('platform_users')`.execute(db()))
              .rows
          : (
              await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
                WHERE table_name = 'platform_users' AND table_schema = current_schema()`.execute(db())
            ).rows;
      const watched = columns
        .map((column) => column.name)
        .filter((name) => name !== 'last_login_at' && name !== 'created_at');
      expect([...watched].sort()).toEqual([...SESSION_USER_COLUMNS].sort());
    });
  });

  /** The session cookie as the browser receives it, with its attributes. */
  async function sessionCookieOf(target: TestPlatform) {
    await target.app.inject({
      method: 'POST',
      url: `${USER}/auth/email/start`,
      payload: { email: 'ann@example.com' },
    });
    const code = target.mailbox.at(-1)?.text.match(/\b\d{6}\b/)?.[0];
    const verified = await target.app.inject({
      method: 'POST',
      url: `${USER}/auth/email/verify`,
      payload: { email: 'ann@example.com', code },
    });
    return verified.cookies.find((candidate) => candidate.name === 'bazaar_session');
  }

  it('marks the session cookie Secure when the public URL is https, though a TLS proxy speaks plain http to us', async () => {
    expect((await sessionCookieOf(platform))?.secure).toBeUndefined();
    const behindProxy = await createTestPlatform(dialect, {
      components: () => [],
      publicUrl: 'https://shop.example',
    });
    try {
      const cookie = await sessionCookieOf(behindProxy);
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      const logout = await behindProxy.app.inject({
        method: 'POST',
        url: `${USER}/logout`,
        headers: { cookie: `bazaar_session=${cookie?.value}` },
      });
      expect(logout.cookies.find((candidate) => candidate.name === 'bazaar_session')?.secure).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });

  it('ends a session after 30 days', async () => {
    const { cookie, user } = await platform.signIn('ann@example.com');
    platform.clock.advance(30 * 24 * 3_600 - 1);
    expect((await session(cookie)).json().user.did).toBe(user.did);
    platform.clock.advance(1);
    expect((await session(cookie)).json()).toEqual({ user: null });
  });

  it('shares sessions between nodes on one database', async () => {
    const { cookie, user } = await platform.signIn('ann@example.com');
    const otherNode = await createPlatform({
      database: platform.database,
      clock: platform.clock,
      mailer: createMemoryMailer(),
      logger: false,
      components: () => [],
      publicUrl: platform.baseUrl,
    });
    try {
      const response = await otherNode.app.inject({ url: `${USER}/session`, headers: { cookie } });
      expect(response.json().user).toEqual(user);
    } finally {
      await otherNode.close();
    }
  });

  it('makes exactly one owner when first sign-ins race', async () => {
    const deps = {
      db: platform.database.db,
      clock: platform.clock,
      mailer: { send: async () => {} },
      appName: 'Bazaar',
      publicUrl: platform.baseUrl,
      livemode: false,
    };
    const users = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        createUser(deps, {
          did: `did:bazaar:racer${index}`,
          name: `racer ${index}`,
          email: null,
          wallet_address: null,
        }),
      ),
    );
    expect(users.filter((user) => user?.role === 'owner')).toHaveLength(1);
    expect(users.filter((user) => user?.role === 'member')).toHaveLength(5);
  });

  it('draws an identicon for any DID, cacheable', async () => {
    const did = 'did:pkh:eip155:1:0x00000000000000000000000000000000000000aB';
    const response = await platform.app.inject({ url: `${USER}/avatar/${did}?size=48` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(response.body).toMatch(/^<svg[^>]+width="48"/);
    const other = await platform.app.inject({ url: `${USER}/avatar/did:bazaar:someone-else` });
    expect(other.body).not.toBe(response.body);
  });
});
