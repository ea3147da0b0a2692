import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  codeOf,
  openStoreTestApp,
  TEST_NOW,
  USERS,
  type StoreTestApp,
} from '../../test-utils/store-test-app.ts';
import { registerDeveloper } from './index.ts';

describe.each(TEST_DIALECTS)('developers on %s', (dialect) => {
  let t: StoreTestApp;
  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const developerPath = (did: string) => `/console/developers/${did}`;

  it('lists developers newest first, filtered by status or by part of a DID or name', async () => {
    t.clock.advance(10);
    await registerDeveloper(t.deps, { did: 'did:pkh:eip155:1:0xabc', username: 'Grace' }, { via: 'staking' });
    const all = await t.call('admin', 'GET', '/console/developers');
    expect(all.json().count).toBe(3);
    expect(all.json().list[0]).toEqual({
      did: 'did:pkh:eip155:1:0xabc',
      username: 'Grace',
      developerSince: TEST_NOW + 10,
      status: 'enabled',
      revokedReason: null,
      revokedAt: null,
    });
    const revoked = await t.call('admin', 'GET', '/console/developers?status=revoked');
    expect(revoked.json()).toMatchObject({
      count: 1,
      list: [{ did: USERS.revoked.did, revokedReason: 'Published malware' }],
    });
    const byName = await t.call('admin', 'GET', '/console/developers?q=grac');
    expect(byName.json().list.map((developer: { did: string }) => developer.did)).toEqual([
      'did:pkh:eip155:1:0xabc',
    ]);
    const byDid = await t.call('admin', 'GET', '/console/developers?q=usr_developer');
    expect(byDid.json().count).toBe(1);
    expect((await t.call('admin', 'GET', '/console/developers?status=&q=')).json().count).toBe(3);
    expect((await t.call('admin', 'GET', '/console/developers?status=gone')).statusCode).toBe(400);
    const paged = await t.call('admin', 'GET', '/console/developers?pageSize=1&page=3');
    expect(paged.json()).toMatchObject({ count: 3 });
    expect(paged.json().list).toHaveLength(1);
  });

  it('revokes with a reason and enables again, each change a history row; no change, no row', async () => {
    const noReason = await t.call('admin', 'PUT', developerPath(USERS.developer.did), { status: 'revoked' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details[0]).toMatchObject({ path: 'reason' });
    expect(
      (await t.call('admin', 'PUT', developerPath(USERS.developer.did), { status: 'paused' })).statusCode,
    ).toBe(400);

    t.clock.advance(5);
    const revoked = await t.call('admin', 'PUT', developerPath(USERS.developer.did), {
      status: 'revoked',
      reason: 'Copied another app',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      status: 'revoked',
      revokedReason: 'Copied another app',
      revokedAt: TEST_NOW + 5,
    });
    const twice = await t.call('owner', 'PUT', developerPath(USERS.developer.did), {
      status: 'revoked',
      reason: 'Again',
    });
    expect(twice.json().revokedReason).toBe('Copied another app');

    const me = await t.call('developer', 'GET', '/developer/me');
    expect(me.json().developer).toMatchObject({ status: 'revoked' });
    const tokens = await t.call('developer', 'GET', '/developer/access-tokens');
    expect(tokens.statusCode).toBe(403);
    expect(codeOf(tokens)).toBe('DEVELOPER_REVOKED');

    t.clock.advance(5);
    const enabled = await t.call('owner', 'PUT', developerPath(USERS.developer.did), {
      status: 'enabled',
      reason: 'Appeal upheld',
    });
    expect(enabled.json()).toMatchObject({ status: 'enabled', revokedReason: null, revokedAt: null });
    expect((await t.call('developer', 'GET', '/developer/access-tokens')).statusCode).toBe(200);

    const history = await t.call('admin', 'GET', `${developerPath(USERS.developer.did)}/history`);
    expect(
      history
        .json()
        .list.map((entry: { action: string; reason: string | null; actorDid: string }) => [
          entry.action,
          entry.reason,
          entry.actorDid,
        ]),
    ).toEqual([
      ['registered', null, USERS.developer.did],
      ['revoked', 'Copied another app', USERS.admin.did],
      ['enabled', 'Appeal upheld', USERS.owner.did],
    ]);
  });

  it('answers 404 for a DID that never was a developer', async () => {
    const missing = 'did:bazaar:usr_nobody';
    expect((await t.call('admin', 'PUT', developerPath(missing), { status: 'enabled' })).statusCode).toBe(
      404,
    );
    expect((await t.call('admin', 'GET', `${developerPath(missing)}/history`)).statusCode).toBe(404);
  });

  it("keeps a revoked developer out: joining anew doesn't undo a revocation", async () => {
    const { token } = (
      await t.call('admin', 'POST', '/console/invitations', { email: USERS.revoked.email })
    ).json();
    const response = await t.call('revoked', 'POST', '/developer/invitations/accept', { token });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('DEVELOPER_REVOKED');
    await expect(
      registerDeveloper(t.deps, { did: USERS.revoked.did, username: 'Again' }, { via: 'staking' }),
    ).rejects.toMatchObject({ code: 'DEVELOPER_REVOKED' });
  });
});
