import type { SessionUser } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../testing.ts';

const USER = '/.well-known/service/user';

describe.each(TEST_DIALECTS)('the profile on %s', (dialect) => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await createTestPlatform(dialect, { components: () => [] });
  });
  afterEach(async () => {
    await platform.close();
  });

  const rename = (payload: object, cookie?: string) =>
    platform.app.inject({
      method: 'PUT',
      url: `${USER}/profile`,
      headers: cookie ? { cookie } : {},
      payload,
    });
  const sessionUser = async (cookie: string): Promise<SessionUser> =>
    (await platform.app.inject({ url: `${USER}/session`, headers: { cookie } })).json().user;

  it('turns guests away', async () => {
    const response = await rename({ fullName: 'Ann' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('renames the signed-in user, trimmed, and every later request reads the new name', async () => {
    const { cookie, user } = await platform.signIn('ann@example.com');
    const response = await rename({ fullName: '  Ann Lee  ' }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { ...user, fullName: 'Ann Lee' } });
    expect(await sessionUser(cookie)).toEqual({ ...user, fullName: 'Ann Lee' });
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['61 characters', 'a'.repeat(61)],
    ['not text', 42],
  ])('refuses a name that is %s, and keeps the old one', async (_case, fullName) => {
    const { cookie, user } = await platform.signIn('ann@example.com');
    const response = await rename({ fullName }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ path: 'fullName' })],
    });
    expect((await sessionUser(cookie)).fullName).toBe(user.fullName);
  });

  it('takes a name of 60 characters', async () => {
    const { cookie } = await platform.signIn('ann@example.com');
    expect((await rename({ fullName: 'a'.repeat(60) }, cookie)).json().user.fullName).toBe('a'.repeat(60));
  });

  it('renames only the signed-in user, whatever did the body names', async () => {
    const ann = await platform.signIn('ann@example.com');
    const bob = await platform.signIn('bob@example.com');
    const response = await rename({ fullName: 'Not Bob', did: bob.user.did }, ann.cookie);
    expect(response.json().user.did).toBe(ann.user.did);
    expect((await sessionUser(bob.cookie)).fullName).toBe(bob.user.fullName);
    expect((await sessionUser(ann.cookie)).fullName).toBe('Not Bob');
  });
});
