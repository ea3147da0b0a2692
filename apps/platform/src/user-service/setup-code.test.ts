import { USER_SERVICE_PATH } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatform } from '../platform.ts';
import { createTestPlatform, type TestPlatform } from '../testing.ts';
import { createMemoryMailer } from './mailer.ts';

describe.each(TEST_DIALECTS)('the owner setup code on %s', (dialect) => {
  let platform: TestPlatform;

  afterEach(async () => {
    await platform.close();
  });

  const presentCode = (code: string, cookie?: string) =>
    platform.app.inject({
      method: 'POST',
      url: `${USER_SERVICE_PATH}/setup`,
      headers: cookie ? { cookie } : {},
      payload: { code },
    });

  const roleOf = async (cookie: string) =>
    (await platform.app.inject({ url: `${USER_SERVICE_PATH}/session`, headers: { cookie } })).json().user
      .role;

  it('in live mode makes nobody owner by signing in first, and the presenter of the code owner, once', async () => {
    platform = await createTestPlatform(dialect, { components: () => [], livemode: true });
    const code = platform.setupCode;
    expect(code).toMatch(/^[0-9A-Za-z]{20}$/);

    const first = await platform.signIn('first@example.com');
    expect(first.user.role).toBe('member');
    expect((await presentCode(code!)).json().error.code).toBe('UNAUTHENTICATED');

    const operator = await platform.signIn('operator@example.com');
    const wrong = await presentCode(`${code!.slice(1)}x`, operator.cookie);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('SETUP_CODE_INVALID');
    expect(await roleOf(operator.cookie)).toBe('member');

    const right = await presentCode(` ${code!} `, operator.cookie);
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ email: 'operator@example.com', role: 'owner' });
    expect(await roleOf(operator.cookie)).toBe('owner');

    const again = await presentCode(code!, first.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SETUP_COMPLETED');
    expect(await roleOf(first.cookie)).toBe('member');
  });

  it('makes exactly one owner when two present the code at once', async () => {
    platform = await createTestPlatform(dialect, { components: () => [], livemode: true });
    const [ann, bob] = [await platform.signIn('ann@example.com'), await platform.signIn('bob@example.com')];
    const answers = await Promise.all(
      [ann, bob].map(({ cookie }) => presentCode(platform.setupCode!, cookie)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('prints a new code at each start until someone owns the platform, and none after', async () => {
    platform = await createTestPlatform(dialect, { components: () => [], livemode: true });
    const restart = () =>
      createPlatform({
        database: platform.database,
        clock: platform.clock,
        mailer: createMemoryMailer(),
        logger: false,
        livemode: true,
        components: () => [],
        publicUrl: platform.baseUrl,
      });
    const secondStart = await restart();
    await secondStart.close();
    expect(secondStart.setupCode).not.toBe(platform.setupCode);

    const { cookie } = await platform.signIn('operator@example.com');
    expect((await presentCode(platform.setupCode!, cookie)).json().error.code).toBe('SETUP_CODE_INVALID');
    expect((await presentCode(secondStart.setupCode!, cookie)).statusCode).toBe(200);

    const thirdStart = await restart();
    await thirdStart.close();
    expect(thirdStart.setupCode).toBeNull();
  });

  it('leaves test mode as it was: the first user owns the platform and there is no code', async () => {
    platform = await createTestPlatform(dialect, { components: () => [] });
    expect(platform.setupCode).toBeNull();
    const first = await platform.signIn('first@example.com');
    expect(first.user.role).toBe('owner');
    const second = await platform.signIn('second@example.com');
    expect((await presentCode('anything', second.cookie)).json().error.code).toBe('SETUP_COMPLETED');
  });
});
