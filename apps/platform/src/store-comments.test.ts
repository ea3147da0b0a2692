import { createPaymentKit } from '@bazaar/payment-server';
import { createFilesystemBundleStorage, createStore } from '@bazaar/store';
import { demoAppKey } from '@bazaar/store/testing';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, relayUrl } from './relay/relay-test-socket.ts';
import { createTestPlatform, type TestPlatform } from './testing.ts';

/**
 * A comment on an app's page reaches every page showing it through the platform's relay (across
 * nodes on PostgreSQL, by NOTIFY): a guest's socket hears which app and which comment, nothing
 * of who wrote what.
 */
describe.each(TEST_DIALECTS)("comments on app pages through the platform's relay on %s", (dialect) => {
  let platform: TestPlatform;
  let bundlesDir: string;
  const did = demoAppKey('cron-dashboard').did;

  beforeEach(async () => {
    bundlesDir = await mkdtemp(join(tmpdir(), 'bazaar-comments-'));
    const storage = createFilesystemBundleStorage({ root: bundlesDir });
    platform = await createTestPlatform(dialect, {
      listen: true,
      components: (deps) => [createPaymentKit(deps), createStore(deps, { storage, demoApps: true })],
    });
  });
  afterEach(async () => {
    await platform?.close();
    await rm(bundlesDir, { recursive: true, force: true });
  });

  it("tells a guest's page of a comment posted and deleted, by the app's DID and the comment's id", async () => {
    const guest = await connect(relayUrl(platform.baseUrl));
    await guest.subscribe();
    const { cookie } = await platform.signIn('writer@example.com');
    const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      platform.app.inject({
        method,
        url,
        headers: { origin: platform.baseUrl, cookie },
        ...(payload && { payload }),
      });

    const posted = await call('POST', `/api/apps/${did}/comments`, { body: 'Runs every minute, nicely.' });
    expect(posted.statusCode, posted.body).toBe(201);
    const { id } = posted.json<{ id: string }>();
    expect((await call('DELETE', `/api/apps/${did}/comments/${id}`)).statusCode).toBe(200);

    const heard: string[] = [];
    const hear = async () => {
      for (const event of await guest.heard()) heard.push(`${event.type} ${JSON.stringify(event.data)}`);
      return heard;
    };
    await expect
      .poll(hear, { timeout: 5_000 })
      .toEqual([
        `store.comment.created ${JSON.stringify({ id, app_did: did })}`,
        `store.comment.deleted ${JSON.stringify({ id, app_did: did })}`,
      ]);
    guest.socket.close();
  });
});
