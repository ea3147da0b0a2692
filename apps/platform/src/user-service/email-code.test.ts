import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformLimits } from '../limits.ts';
import { createTestPlatform, type TestPlatform } from '../testing.ts';

const USER = '/.well-known/service/user';

describe.each(TEST_DIALECTS)('email sign-in on %s', (dialect) => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await createTestPlatform(dialect, { components: () => [] });
  });
  afterEach(async () => {
    await platform.close();
  });

  const start = (email: string, locale?: string) =>
    platform.app.inject({ method: 'POST', url: `${USER}/auth/email/start`, payload: { email, locale } });
  const verify = (email: string, code: string) =>
    platform.app.inject({ method: 'POST', url: `${USER}/auth/email/verify`, payload: { email, code } });
  const lastCode = () => platform.mailbox.at(-1)?.text.match(/\b\d{6}\b/)?.[0] ?? 'no code';
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a code that signs the address in with a 30-day session cookie', async () => {
    expect((await start('Ann@Example.com')).statusCode).toBe(204);
    expect(platform.mailbox).toHaveLength(1);
    expect(platform.mailbox[0]).toMatchObject({
      to: 'ann@example.com',
      subject: expect.stringContaining('Bazaar'),
    });

    const response = await verify('ann@example.com', lastCode());
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({
      fullName: 'ann',
      email: 'ann@example.com',
      walletAddress: null,
      role: 'owner',
      passports: [{ role: 'owner', name: 'owner' }],
    });
    expect(user.did).toMatch(/^did:bazaar:[A-Za-z0-9]{24}$/);
    expect(user.avatar).toBe(`${USER}/avatar/${user.did}`);

    const cookie = response.cookies.find((candidate) => candidate.name === 'bazaar_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3_600 });
    const session = await platform.app.inject({
      url: `${USER}/session`,
      headers: { cookie: `bazaar_session=${cookie?.value}` },
    });
    expect(session.json()).toEqual({ user });
  });

  it('writes the mail in Chinese when asked', async () => {
    await start('li@example.com', 'zh');
    expect(platform.mailbox[0]?.text).toContain('登录验证码');
  });

  it('makes the first user owner and everyone after a member, and keeps one user per address', async () => {
    const owner = await platform.signIn('first@example.com');
    const member = await platform.signIn('second@example.com');
    expect(owner.user.role).toBe('owner');
    expect(member.user.role).toBe('member');
    expect(member.user.passports).toEqual([{ role: 'member', name: 'member' }]);

    platform.clock.advance(31);
    const again = await platform.signIn('FIRST@example.com');
    expect(again.user).toEqual(owner.user);
  });

  it('refuses a wrong code and still takes the right one', async () => {
    await start('ann@example.com');
    const code = lastCode();
    const wrong = await verify('ann@example.com', wrongCode(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('AUTH_FAILED');
    expect(wrong.cookies).toHaveLength(0);
    expect((await verify('ann@example.com', code)).statusCode).toBe(200);
  });

  it('takes a code once', async () => {
    await start('ann@example.com');
    const code = lastCode();
    expect((await verify('ann@example.com', code)).statusCode).toBe(200);
    const replay = await verify('ann@example.com', code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('AUTH_CODE_EXPIRED');
  });

  it('lets a code expire after 10 minutes', async () => {
    await start('ann@example.com');
    const code = lastCode();
    platform.clock.advance(10 * 60);
    const late = await verify('ann@example.com', code);
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('AUTH_CODE_EXPIRED');
  });

  it('burns the code after five tries', async () => {
    await start('ann@example.com');
    const code = lastCode();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verify('ann@example.com', wrongCode(code))).json().error.code).toBe('AUTH_FAILED');
    }
    const sixth = await verify('ann@example.com', code);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('AUTH_TOO_MANY_ATTEMPTS');
  });

  it('counts concurrent guesses against the same five tries', async () => {
    await start('ann@example.com');
    const code = lastCode();
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () => verify('ann@example.com', wrongCode(code))),
    );
    const codes = guesses.map((guess) => guess.json().error.code);
    expect(codes.filter((errorCode) => errorCode === 'AUTH_FAILED')).toHaveLength(5);
    expect(codes.filter((errorCode) => errorCode === 'AUTH_TOO_MANY_ATTEMPTS')).toHaveLength(3);
  });

  it('sends one code per address every 30 seconds', async () => {
    await start('ann@example.com');
    platform.clock.advance(29);
    const tooSoon = await start('ann@example.com');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('AUTH_CODE_TOO_SOON');
    expect((await start('bob@example.com')).statusCode).toBe(204);
    platform.clock.advance(1);
    expect((await start('ann@example.com')).statusCode).toBe(204);
    expect(platform.mailbox).toHaveLength(3);
  });

  it('rejects a code for an address that never asked for one', async () => {
    const response = await verify('nobody@example.com', '123456');
    expect(response.json().error.code).toBe('AUTH_CODE_EXPIRED');
  });

  it('validates the body', async () => {
    const response = await start('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect((await verify('ann@example.com', '12ab56')).json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe.each(TEST_DIALECTS)('email sign-in limits on %s', (dialect) => {
  let platform: TestPlatform;

  async function open(limits: Partial<PlatformLimits>) {
    platform = await createTestPlatform(dialect, { components: () => [], limits });
  }
  afterEach(async () => {
    await platform.close();
  });

  const start = (email: string, remoteAddress = '203.0.113.7') =>
    platform.app.inject({
      method: 'POST',
      url: `${USER}/auth/email/start`,
      payload: { email },
      remoteAddress,
    });
  const verify = (email: string, code: string) =>
    platform.app.inject({ method: 'POST', url: `${USER}/auth/email/verify`, payload: { email, code } });
  const codeMailedTo = (email: string) =>
    platform.mailbox.findLast((mail) => mail.to === email)?.text.match(/\b\d{6}\b/)?.[0] ?? 'no code';
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const outcomesOf = (responses: { statusCode: number; json(): { error: { code: string } } }[]) =>
    responses.map((response) => (response.statusCode === 204 ? 'sent' : response.json().error.code));

  it('mails 200 addresses asked for from one network address only up to its daily cap', async () => {
    await open({ emailCodesPerIpPerDay: 50 });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => start(`victim${index}@example.com`)),
    );
    const outcomes = outcomesOf(responses);
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(50);
    expect(outcomes.filter((outcome) => outcome === 'AUTH_CODE_DAILY_LIMIT')).toHaveLength(150);
    expect(responses.find((response) => response.statusCode !== 204)?.statusCode).toBe(429);
    expect(platform.mailbox).toHaveLength(50);

    expect((await start('ann@example.com', '198.51.100.1')).statusCode).toBe(204);
    platform.clock.advance(24 * 3_600);
    expect((await start('victim199@example.com')).statusCode).toBe(204);
  });

  it('counts an IPv6 network address by its /64', async () => {
    await open({ emailCodesPerIpPerDay: 1 });
    expect((await start('ann@example.com', '2001:db8:1:2::1')).statusCode).toBe(204);
    const sameBlock = await start('bob@example.com', '2001:db8:1:2:ffff::9');
    expect(sameBlock.json().error.code).toBe('AUTH_CODE_DAILY_LIMIT');
    expect((await start('bob@example.com', '2001:db8:1:3::1')).statusCode).toBe(204);
  });

  it('mails one address its daily cap of codes, whichever network addresses ask', async () => {
    await open({ emailCodesPerAddressPerDay: 3 });
    for (let index = 0; index < 3; index += 1) {
      expect((await start('ann@example.com', `198.51.100.${index}`)).statusCode).toBe(204);
      platform.clock.advance(30);
    }
    const fourth = await start('ann@example.com', '198.51.100.99');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('AUTH_CODE_DAILY_LIMIT');
    expect(platform.mailbox).toHaveLength(3);

    platform.clock.advance(24 * 3_600);
    expect((await start('ann@example.com')).statusCode).toBe(204);
  });

  it('counts wrong codes per address across new codes, and refuses even the right one until the window passes', async () => {
    await open({ emailCodeAttemptsPerWindow: 10, emailCodeAttemptWindowSeconds: 3_600 });
    for (let round = 0; round < 2; round += 1) {
      await start('ann@example.com');
      const code = codeMailedTo('ann@example.com');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await verify('ann@example.com', wrongCode(code))).json().error.code).toBe('AUTH_FAILED');
      }
      platform.clock.advance(30);
    }

    await start('ann@example.com');
    const right = await verify('ann@example.com', codeMailedTo('ann@example.com'));
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('AUTH_CODE_LOCKED');
    expect(right.cookies).toHaveLength(0);

    platform.clock.advance(3_600);
    await start('ann@example.com');
    expect((await verify('ann@example.com', codeMailedTo('ann@example.com'))).statusCode).toBe(200);
  });

  it('lets concurrent guesses past the window count no more often than it allows', async () => {
    await open({ emailCodeAttemptsPerWindow: 3 });
    await start('ann@example.com');
    const code = codeMailedTo('ann@example.com');
    const outcomes = outcomesOf(
      await Promise.all(Array.from({ length: 12 }, () => verify('ann@example.com', wrongCode(code)))),
    );
    expect(outcomes.filter((outcome) => outcome === 'AUTH_FAILED')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'AUTH_CODE_LOCKED')).toHaveLength(9);
  });

  it('clears the count at a right code, so only wrong codes add up', async () => {
    await open({ emailCodeAttemptsPerWindow: 3 });
    for (let signIn = 0; signIn < 3; signIn += 1) {
      await start('ann@example.com');
      const code = codeMailedTo('ann@example.com');
      expect((await verify('ann@example.com', wrongCode(code))).json().error.code).toBe('AUTH_FAILED');
      expect((await verify('ann@example.com', code)).statusCode).toBe(200);
      platform.clock.advance(30);
    }
  });
});
