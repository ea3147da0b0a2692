import {
  CLI_CONNECT_HKDF_INFO,
  CLI_CONNECT_TTL_SECONDS,
  cliConnectPayloadSchema,
  type CliConnectSealed,
} from '@bazaar/schemas';
import { sha256Hex } from '@bazaar/server-kit';
import { oneCharacterOff, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import {
  createDecipheriv,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
} from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  codeOf,
  openStoreTestApp,
  TEST_NOW,
  USERS,
  type Caller,
  type StoreTestApp,
} from '../../test-utils/store-test-app.ts';

/** The CLI's side, written here apart from the Store's sealing code: a key pair and opening a seal. */
function newCliKey() {
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  return { publicKey: publicKey.export({ format: 'jwk' }).x as string, privateKey };
}

function openSealed(sealed: CliConnectSealed, privateKey: KeyObject, sessionId: string): unknown {
  const ephemeral = createPublicKey({
    key: { kty: 'OKP', crv: 'X25519', x: sealed.ephemeralPublicKey },
    format: 'jwk',
  });
  const shared = diffieHellman({ privateKey, publicKey: ephemeral });
  const key = Buffer.from(hkdfSync('sha256', shared, sessionId, CLI_CONNECT_HKDF_INFO, 32));
  const bytes = Buffer.from(sealed.ciphertext, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.nonce, 'base64url'));
  decipher.setAuthTag(bytes.subarray(-16));
  const plain = Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}

describe.each(TEST_DIALECTS)('connecting the CLI on %s', (dialect) => {
  let t: StoreTestApp;
  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function open(body: Record<string, unknown> = {}) {
    const key = newCliKey();
    const response = await t.call(null, 'POST', '/cli/connect', {
      publicKey: key.publicKey,
      hostname: 'ann-laptop',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json() as {
      id: string;
      approveUrl: string;
      pollSecret: string;
      verificationCode: string;
      expiresAt: number;
    };
    return { ...session, key };
  }
  const poll = (id: string, secret: string) =>
    t.call(null, 'GET', `/cli/connect/${id}?secret=${encodeURIComponent(secret)}`);
  const info = (caller: Caller, id: string) => t.call(caller, 'GET', `/cli/connect/${id}/info`);
  const decide = (caller: Caller, id: string, decision: 'approve' | 'deny') =>
    t.call(caller, 'POST', `/cli/connect/${id}/${decision}`);
  const tokenRows = () => t.db.selectFrom('store_access_tokens').selectAll().execute();
  const sessionRow = (id: string) =>
    t.db.selectFrom('store_cli_connect_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('opens, is approved by a developer, hands the sealed token once, and the token works', async () => {
    const session = await open();
    expect(session).toMatchObject({
      id: expect.stringMatching(/^ccs_[A-Za-z0-9]{24}$/),
      approveUrl: `/connect-cli?session=${session.id}`,
      verificationCode: expect.stringMatching(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/),
      expiresAt: TEST_NOW + CLI_CONNECT_TTL_SECONDS,
    });
    const stored = await sessionRow(session.id);
    expect(stored.poll_secret_hash).toBe(sha256Hex(session.pollSecret));
    expect(JSON.stringify(stored)).not.toContain(session.pollSecret);

    expect((await poll(session.id, session.pollSecret)).json()).toEqual({ status: 'pending' });
    const shown = await info('developer', session.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      id: session.id,
      client: 'cli',
      hostname: 'ann-laptop',
      verificationCode: session.verificationCode,
      status: 'pending',
      createdAt: TEST_NOW,
      expiresAt: TEST_NOW + CLI_CONNECT_TTL_SECONDS,
      developer: expect.objectContaining({ did: USERS.developer.did, status: 'enabled' }),
    });

    t.clock.advance(30);
    const approved = await decide('developer', session.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ status: 'approved', tokenName: 'CLI on ann-laptop' });

    const answer = await poll(session.id, session.pollSecret);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      status: 'approved',
      store: { did: expect.any(String), name: 'Bazaar', maxBundleSize: 500 * 1024 * 1024 },
    });
    const payload = cliConnectPayloadSchema.parse(
      openSealed(body.sealed, session.key.privateKey, session.id),
    );
    expect(payload.developer).toEqual({ did: USERS.developer.did, username: USERS.developer.fullName });
    // Another key, or another session's salt, opens nothing.
    expect(() => openSealed(body.sealed, newCliKey().privateKey, session.id)).toThrow();
    expect(() => openSealed(body.sealed, session.key.privateKey, 'ccs_other')).toThrow();

    const whoami = await t.call(null, 'GET', '/cli/whoami', undefined, {
      authorization: `Bearer ${payload.token}`,
    });
    expect(whoami.statusCode, whoami.body).toBe(200);
    expect(whoami.json()).toMatchObject({
      developer: { did: USERS.developer.did },
      scopes: ['upload', 'publish', 'read'],
    });
    const tokens = (await t.call('developer', 'GET', '/developer/access-tokens')).json();
    expect(tokens.list).toEqual([
      expect.objectContaining({
        name: 'CLI on ann-laptop',
        scopes: ['upload', 'publish', 'read'],
        createdAt: TEST_NOW + 30,
        expiresAt: TEST_NOW + 30 + 90 * 24 * 60 * 60,
      }),
    ]);

    // Spent: nothing of the token is left, and the next poll is refused.
    const spent = await sessionRow(session.id);
    expect(spent).toMatchObject({ status: 'consumed', sealed: null, token_id: whoami.json().tokenId });
    const again = await poll(session.id, session.pollSecret);
    expect(again.statusCode).toBe(410);
    expect(codeOf(again)).toBe('CONNECT_SESSION_INVALID');
    expect(codeOf(await info('developer', session.id))).toBe('CONNECT_SESSION_INVALID');
    expect(codeOf(await decide('developer', session.id, 'approve'))).toBe('CONNECT_SESSION_INVALID');
    expect(await tokenRows()).toHaveLength(1);
  });

  it('keeps no clear token: the stored seal is all the Store holds between approval and collection', async () => {
    const session = await open();
    await decide('developer', session.id, 'approve');
    const stored = await sessionRow(session.id);
    const body = (await poll(session.id, session.pollSecret)).json();
    const { token } = cliConnectPayloadSchema.parse(
      openSealed(body.sealed, session.key.privateKey, session.id),
    );
    expect(JSON.parse(stored.sealed!)).toEqual(body.sealed);
    expect(JSON.stringify(stored)).not.toContain(token.slice(12, 44));
    expect(JSON.stringify(await tokenRows())).not.toContain(token.slice(12, 44));
  });

  it('names the studio and its page, and a session without a hostname', async () => {
    const studio = await open({ client: 'studio', hostname: 'Studio Mac' });
    expect(studio.approveUrl).toBe(`/connect-studio?session=${studio.id}`);
    expect((await decide('developer', studio.id, 'approve')).json().tokenName).toBe('Studio on Studio Mac');
    const bare = await open({ hostname: undefined });
    expect((await info('developer', bare.id)).json()).toMatchObject({ client: 'cli', hostname: null });
    expect((await decide('developer', bare.id, 'approve')).json().tokenName).toBe('CLI');
    const long = await open({ hostname: 'h'.repeat(64) });
    const name = (await decide('developer', long.id, 'approve')).json().tokenName as string;
    expect(name).toBe(`CLI on ${'h'.repeat(43)}`);
  });

  it('expires after 10 minutes: the poll hears expired, the page and decisions are refused', async () => {
    const session = await open();
    t.clock.advance(CLI_CONNECT_TTL_SECONDS - 1);
    expect((await poll(session.id, session.pollSecret)).json()).toEqual({ status: 'pending' });
    expect((await info('developer', session.id)).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await poll(session.id, session.pollSecret)).json()).toEqual({ status: 'expired' });
    for (const response of [
      await info('developer', session.id),
      await decide('developer', session.id, 'approve'),
      await decide('developer', session.id, 'deny'),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(codeOf(response)).toBe('CONNECT_SESSION_INVALID');
    }
    expect(await tokenRows()).toHaveLength(0);
  });

  it('stops handing out an approved token that was not collected in time', async () => {
    const session = await open();
    await decide('developer', session.id, 'approve');
    t.clock.advance(CLI_CONNECT_TTL_SECONDS);
    expect((await poll(session.id, session.pollSecret)).json()).toEqual({ status: 'expired' });
  });

  it('refuses a wrong poll secret and an unknown session alike, and a malformed id as invalid input', async () => {
    const session = await open();
    const wrong = await poll(session.id, oneCharacterOff(session.pollSecret));
    expect(wrong.statusCode).toBe(410);
    expect(codeOf(wrong)).toBe('CONNECT_SESSION_INVALID');
    const unknown = await poll(`ccs_${'A'.repeat(24)}`, session.pollSecret);
    expect(codeOf(unknown)).toBe('CONNECT_SESSION_INVALID');
    expect(codeOf(await poll('nonsense', session.pollSecret))).toBe('VALIDATION_FAILED');
    expect(codeOf(await t.call(null, 'GET', `/cli/connect/${session.id}`))).toBe('VALIDATION_FAILED');
    // A wrong secret does not spend an approved session.
    await decide('developer', session.id, 'approve');
    expect(codeOf(await poll(session.id, 'wrong'))).toBe('CONNECT_SESSION_INVALID');
    expect((await poll(session.id, session.pollSecret)).json().status).toBe('approved');
  });

  it('lets only an enabled developer approve or deny; others see the session and who they are', async () => {
    const session = await open();
    const asGuest = await decide(null, session.id, 'approve');
    expect([asGuest.statusCode, codeOf(asGuest)]).toEqual([401, 'UNAUTHENTICATED']);
    expect(codeOf(await info(null, session.id))).toBe('UNAUTHENTICATED');
    for (const [caller, code] of [
      ['member', 'DEVELOPER_REQUIRED'],
      ['devPassport', 'DEVELOPER_REQUIRED'],
      ['admin', 'DEVELOPER_REQUIRED'],
      ['revoked', 'DEVELOPER_REVOKED'],
    ] as const) {
      for (const decision of ['approve', 'deny'] as const) {
        const response = await decide(caller, session.id, decision);
        expect([response.statusCode, codeOf(response)], `${caller} ${decision}`).toEqual([403, code]);
      }
    }
    expect((await info('member', session.id)).json()).toMatchObject({ status: 'pending', developer: null });
    expect((await info('revoked', session.id)).json().developer).toMatchObject({ status: 'revoked' });
    expect((await poll(session.id, session.pollSecret)).json()).toEqual({ status: 'pending' });
    expect(await tokenRows()).toHaveLength(0);
  });

  it('is denied: the poll hears denied, no token is issued, and it cannot be approved after', async () => {
    const session = await open();
    const denied = await decide('developer', session.id, 'deny');
    expect(denied.statusCode, denied.body).toBe(200);
    expect(denied.json()).toEqual({ status: 'denied', tokenName: null });
    expect((await poll(session.id, session.pollSecret)).json()).toEqual({ status: 'denied' });
    expect((await info('developer', session.id)).json().status).toBe('denied');
    expect(codeOf(await decide('developer', session.id, 'approve'))).toBe('CONNECT_SESSION_INVALID');
    expect(codeOf(await decide('developer', session.id, 'deny'))).toBe('CONNECT_SESSION_INVALID');
    expect(await tokenRows()).toHaveLength(0);
  });

  it('issues one token when two approvals race', async () => {
    const session = await open();
    const answers = await Promise.all([
      decide('developer', session.id, 'approve'),
      decide('developer', session.id, 'approve'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    expect(await tokenRows()).toHaveLength(1);
  });

  it('refuses a key no token can be sealed to, and a hostname too long or with control characters', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ publicKey: 'short' }, 'publicKey'],
      [{ publicKey: Buffer.alloc(32).toString('base64url') }, 'publicKey'],
      [{ publicKey: `${newCliKey().publicKey.slice(0, 42)}+` }, 'publicKey'],
      [{ client: 'browser' }, 'client'],
      [{ hostname: 'h'.repeat(65) }, 'hostname'],
      [{ hostname: 'ann\nlaptop' }, 'hostname'],
    ];
    for (const [body, path] of cases) {
      const response = await t.call(null, 'POST', '/cli/connect', {
        publicKey: newCliKey().publicKey,
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
    expect(await t.db.selectFrom('store_cli_connect_sessions').selectAll().execute()).toHaveLength(0);
  });

  it('forgets sessions that ended a while ago when a new one opens', async () => {
    const old = await open();
    t.clock.advance(2 * CLI_CONNECT_TTL_SECONDS + 1);
    const fresh = await open();
    const ids = (await t.db.selectFrom('store_cli_connect_sessions').select('id').execute()).map(
      (row) => row.id,
    );
    expect(ids).toEqual([fresh.id]);
    expect(codeOf(await poll(old.id, old.pollSecret))).toBe('CONNECT_SESSION_INVALID');
  });
});
