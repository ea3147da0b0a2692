import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlatform } from '../platform.ts';
import { createTestPlatform, type TestPlatform } from '../testing.ts';
import { createMemoryMailer } from './mailer.ts';
import { createUser } from './service.ts';

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
