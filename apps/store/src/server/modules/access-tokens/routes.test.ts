import { ACCESS_TOKENS_PER_DEVELOPER, formatAccessToken, parseAccessToken } from '@bazaar/schemas';
import { sha256Hex } from '@bazaar/server-kit';
import { oneCharacterOff, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  codeOf,
  openStoreTestApp,
  TEST_NOW,
  USERS,
  type StoreTestApp,
} from '../../test-utils/store-test-app.ts';
import { registerDeveloper } from '../developers/index.ts';
import { authenticateAccessToken } from './index.ts';

const DAY = 24 * 60 * 60;

describe.each(TEST_DIALECTS)('access tokens on %s', (dialect) => {
  let t: StoreTestApp;
  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function create(
    body: Record<string, unknown> = {},
    caller: Parameters<StoreTestApp['call']>[0] = 'developer',
  ) {
    const response = await t.call(caller, 'POST', '/developer/access-tokens', {
      name: 'laptop',
      scopes: ['upload', 'read'],
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { accessToken: { id: string; name: string }; token: string };
  }
  const whoami = (token: string | null) =>
    t.call(null, 'GET', '/cli/whoami', undefined, token === null ? {} : { authorization: `Bearer ${token}` });
  const list = async () => (await t.call('developer', 'GET', '/developer/access-tokens')).json();

  it('answers the secret once, keeps only its digest, and lists tokens without it', async () => {
    const { accessToken, token } = await create({ name: '  laptop  ', scopes: ['read', 'upload', 'read'] });
    expect(accessToken).toEqual({
      id: parseAccessToken(token)!.id,
      name: 'laptop',
      scopes: ['upload', 'read'],
      createdAt: TEST_NOW,
      expiresAt: TEST_NOW + 90 * DAY,
      lastUsedAt: null,
      revokedAt: null,
      isExpired: false,
      isRevoked: false,
    });
    const [row] = await t.db.selectFrom('store_access_tokens').selectAll().execute();
    expect(row).toMatchObject({
      owner_did: USERS.developer.did,
      secret_hash: sha256Hex(parseAccessToken(token)!.secret),
    });
    expect(JSON.stringify(row)).not.toContain(parseAccessToken(token)!.secret);
    const listed = await t.call('developer', 'GET', '/developer/access-tokens');
    expect(listed.body).not.toContain(parseAccessToken(token)!.secret);
    expect(listed.json()).toEqual({ count: 1, list: [accessToken] });
    // Another developer's list is their own.
    await registerDeveloper(t.deps, { did: USERS.member.did, username: 'Member' }, { via: 'invitation' });
    expect((await t.call('member', 'GET', '/developer/access-tokens')).json()).toEqual({
      count: 0,
      list: [],
    });
  });

  it('authenticates a good token for its scopes and records its use once a minute at most', async () => {
    const { accessToken, token } = await create();
    const answer = await whoami(token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      developer: expect.objectContaining({ did: USERS.developer.did, status: 'enabled' }),
      tokenId: accessToken.id,
      scopes: ['upload', 'read'],
    });
    expect((await list()).list[0].lastUsedAt).toBe(TEST_NOW);
    t.clock.advance(59);
    await authenticateAccessToken(t.deps, token, { scope: 'upload' });
    expect((await list()).list[0].lastUsedAt).toBe(TEST_NOW);
    t.clock.advance(1);
    expect(await authenticateAccessToken(t.deps, token, { scope: 'upload' })).toEqual({
      developerDid: USERS.developer.did,
      tokenId: accessToken.id,
      scopes: ['upload', 'read'],
    });
    expect((await list()).list[0].lastUsedAt).toBe(TEST_NOW + 60);
  });

  it('refuses a token with a wrong checksum, a wrong secret or an unknown id as TOKEN_INVALID', async () => {
    const { token } = await create();
    const { id, secret } = parseAccessToken(token)!;
    const otherSecret = (secret[0] === 'a' ? 'b' : 'a') + secret.slice(1);
    for (const bad of [
      oneCharacterOff(token),
      formatAccessToken(id, otherSecret),
      formatAccessToken(id === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA', secret),
      'bzr_nonsense',
    ]) {
      const response = await whoami(bad);
      expect(response.statusCode, bad).toBe(401);
      expect(codeOf(response)).toBe('TOKEN_INVALID');
    }
    for (const header of [null, '']) {
      const response = await whoami(header);
      expect(response.statusCode).toBe(401);
      expect(codeOf(response)).toBe('UNAUTHENTICATED');
    }
    const basic = await t.call(null, 'GET', '/cli/whoami', undefined, { authorization: `Basic ${token}` });
    expect(codeOf(basic)).toBe('UNAUTHENTICATED');
    expect((await list()).list[0].lastUsedAt).toBeNull();
  });

  it('refuses an expired token, and lists it as expired', async () => {
    const { token } = await create({ expiresInDays: 1 });
    t.clock.advance(DAY - 1);
    expect((await whoami(token)).statusCode).toBe(200);
    t.clock.advance(1);
    const response = await whoami(token);
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe('TOKEN_EXPIRED');
    expect((await list()).list[0]).toMatchObject({ isExpired: true, isRevoked: false });
  });

  it('refuses a token without the scope the route needs', async () => {
    const { token } = await create({ scopes: ['upload'] });
    const response = await whoami(token);
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('TOKEN_SCOPE_MISSING');
    await expect(authenticateAccessToken(t.deps, token, { scope: 'publish' })).rejects.toMatchObject({
      code: 'TOKEN_SCOPE_MISSING',
    });
    await expect(authenticateAccessToken(t.deps, token, { scope: 'upload' })).resolves.toMatchObject({
      scopes: ['upload'],
    });
  });

  it('deletes a token only when its name is typed, after which it is refused as revoked', async () => {
    const { accessToken, token } = await create({ name: 'CI runner' });
    const path = `/developer/access-tokens/${accessToken.id}`;
    const wrong = await t.call('developer', 'DELETE', path, { confirmName: 'ci runner' });
    expect(wrong.statusCode).toBe(400);
    expect(codeOf(wrong)).toBe('TOKEN_NAME_MISMATCH');
    expect((await t.call('developer', 'DELETE', path)).statusCode).toBe(400);
    expect((await whoami(token)).statusCode).toBe(200);

    t.clock.advance(30);
    const deleted = await t.call('developer', 'DELETE', path, { confirmName: 'CI runner' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id: accessToken.id, isRevoked: true, revokedAt: TEST_NOW + 30 });
    const refused = await whoami(token);
    expect(refused.statusCode).toBe(401);
    expect(codeOf(refused)).toBe('TOKEN_REVOKED');
    expect((await list()).list[0]).toMatchObject({ isRevoked: true });
    // Deleting again changes nothing.
    const again = await t.call('developer', 'DELETE', path, { confirmName: 'CI runner' });
    expect(again.json().revokedAt).toBe(TEST_NOW + 30);
  });

  it("answers 404 for another developer's token, and leaves it working", async () => {
    const { accessToken, token } = await create();
    await registerDeveloper(t.deps, { did: USERS.member.did, username: 'Member' }, { via: 'invitation' });
    const response = await t.call('member', 'DELETE', `/developer/access-tokens/${accessToken.id}`, {
      confirmName: 'laptop',
    });
    expect(response.statusCode).toBe(404);
    expect(
      (await t.call('developer', 'DELETE', '/developer/access-tokens/AAAAAAAA', { confirmName: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await whoami(token)).statusCode).toBe(200);
  });

  it("stops a revoked developer's tokens at once, and lets them work again once enabled", async () => {
    const { token } = await create();
    await t.call('admin', 'PUT', `/console/developers/${USERS.developer.did}`, {
      status: 'revoked',
      reason: 'Spam',
    });
    const refused = await whoami(token);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('DEVELOPER_REVOKED');
    await expect(authenticateAccessToken(t.deps, token, { scope: 'upload' })).rejects.toMatchObject({
      code: 'DEVELOPER_REVOKED',
    });
    await t.call('admin', 'PUT', `/console/developers/${USERS.developer.did}`, { status: 'enabled' });
    expect((await whoami(token)).statusCode).toBe(200);
  });

  it('checks the name, scopes and lifetime', async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ name: undefined }, 'name', 'Access Token Name is required'],
      [{ name: '   ' }, 'name', 'Access Token Name is required'],
      [{ name: 'x'.repeat(51) }, 'name', 'no longer than 50 chars'],
      [{ scopes: [] }, 'scopes'],
      [{ scopes: ['admin'] }, 'scopes.0'],
      [{ expiresInDays: 0 }, 'expiresInDays'],
      [{ expiresInDays: 366 }, 'expiresInDays'],
      [{ expiresInDays: 1.5 }, 'expiresInDays'],
    ];
    for (const [body, path, message] of cases) {
      const response = await t.call('developer', 'POST', '/developer/access-tokens', {
        name: 'laptop',
        scopes: ['read'],
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const detail = response.json().error.details.find((d: { path: string }) => d.path === path);
      expect(detail, JSON.stringify(response.json())).toBeDefined();
      if (message) expect(detail.message).toBe(message);
    }
    const longest = await create({ name: 'x'.repeat(50), expiresInDays: 365 });
    expect(longest.accessToken).toMatchObject({ expiresAt: TEST_NOW + 365 * DAY });
  });

  it('lets a developer hold a bounded number of live tokens', async () => {
    for (let i = 0; i < ACCESS_TOKENS_PER_DEVELOPER; i++) await create({ name: `token ${i}` });
    const refused = await t.call('developer', 'POST', '/developer/access-tokens', {
      name: 'one more',
      scopes: ['read'],
    });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('TOKEN_LIMIT_REACHED');
    // Expired tokens no longer count.
    t.clock.advance(91 * DAY);
    await create({ name: 'after expiry' });
    const page = await t.call('developer', 'GET', '/developer/access-tokens?pageSize=5');
    expect(page.json().count).toBe(ACCESS_TOKENS_PER_DEVELOPER + 1);
    expect(page.json().list[0].name).toBe('after expiry');
  });
});
