import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../testing.ts';

const USER = '/.well-known/service/user';
const HOST = 'bazaar.test:3000';
const account = privateKeyToAccount(generatePrivateKey());

describe.each(TEST_DIALECTS)('wallet sign-in on %s', (dialect) => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await createTestPlatform(dialect, { components: () => [], publicUrl: `http://${HOST}` });
  });
  afterEach(async () => {
    await platform.close();
  });

  async function issueNonce(): Promise<string> {
    const response = await platform.app.inject({ url: `${USER}/auth/nonce`, headers: { host: HOST } });
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json().nonce;
  }

  function message(nonce: string, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
    const now = new Date(platform.clock.now() * 1000);
    return createSiweMessage({
      domain: HOST,
      address: account.address,
      uri: `http://${HOST}`,
      version: '1',
      chainId: 8453,
      nonce,
      issuedAt: now,
      expirationTime: new Date(now.getTime() + 5 * 60_000),
      ...overrides,
    });
  }

  const signIn = (payload: { message: string; signature: string }, host = HOST) =>
    platform.app.inject({ method: 'POST', url: `${USER}/auth/wallet`, headers: { host }, payload });

  async function signed(overrides: Parameters<typeof message>[1] = {}, signer = account) {
    const text = message(await issueNonce(), overrides);
    return { message: text, signature: await signer.signMessage({ message: text }) };
  }

  it('signs a wallet in as a did:pkh user, the first one as owner', async () => {
    const response = await signIn(await signed());
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      did: `did:pkh:eip155:8453:${account.address}`,
      walletAddress: account.address,
      email: null,
      role: 'owner',
      fullName: `${account.address.slice(0, 6)}…${account.address.slice(-4)}`,
    });
    const cookie = response.cookies.find((candidate) => candidate.name === 'bazaar_session');
    const session = await platform.app.inject({
      url: `${USER}/session`,
      headers: { cookie: `bazaar_session=${cookie?.value}` },
    });
    expect(session.json().user.did).toBe(`did:pkh:eip155:8453:${account.address}`);
  });

  it('keeps one user per wallet across chains', async () => {
    const first = (await signIn(await signed())).json().user;
    const second = (await signIn(await signed({ chainId: 1 }))).json().user;
    expect(second.did).toBe(first.did);
  });

  it('refuses a replayed message', async () => {
    const payload = await signed();
    expect((await signIn(payload)).statusCode).toBe(200);
    const replay = await signIn(payload);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('AUTH_FAILED');
  });

  it('refuses a nonce it never issued', async () => {
    const text = message('aNonceNobodyIssued1');
    const response = await signIn({ message: text, signature: await account.signMessage({ message: text }) });
    expect(response.json().error.code).toBe('AUTH_FAILED');
  });

  it('refuses a nonce older than 10 minutes', async () => {
    const nonce = await issueNonce();
    platform.clock.advance(10 * 60);
    const text = message(nonce);
    const response = await signIn({ message: text, signature: await account.signMessage({ message: text }) });
    expect(response.json().error.code).toBe('AUTH_FAILED');
  });

  it('refuses a signature by another key', async () => {
    const response = await signIn(await signed({}, privateKeyToAccount(generatePrivateKey())));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('AUTH_FAILED');
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses a message for another site', async () => {
    const response = await signIn(await signed({ domain: 'evil.example' }));
    expect(response.json().error.code).toBe('AUTH_FAILED');
  });

  it('refuses a message a phishing site had signed for itself and posts with its own Host', async () => {
    const phished = await signed({ domain: 'evil.example', uri: 'https://evil.example/login' });
    const response = await signIn(phished, 'evil.example');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('AUTH_FAILED');
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses a message naming our host but an address on another origin', async () => {
    for (const uri of ['https://evil.example', `https://${HOST}`, 'http://bazaar.test:3001/']) {
      const response = await signIn(await signed({ uri }));
      expect(response.json().error.code, uri).toBe('AUTH_FAILED');
    }
    expect(
      (await signIn(await signed({ uri: `http://${HOST}/.well-known/service/user/login` }))).statusCode,
    ).toBe(200);
  });

  it('refuses an expired message', async () => {
    const payload = await signed({ expirationTime: new Date((platform.clock.now() - 1) * 1000) });
    expect((await signIn(payload)).json().error.code).toBe('AUTH_FAILED');
  });

  it('answers garbage with AUTH_FAILED, not a crash', async () => {
    const response = await signIn({ message: 'hello', signature: '0x1234' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('AUTH_FAILED');
    const unsigned = await signIn({ message: message(await issueNonce()), signature: '0xdeadbeef' });
    expect(unsigned.json().error.code).toBe('AUTH_FAILED');
  });

  it('makes a wallet user a member once someone owns the platform', async () => {
    await platform.signIn('owner@example.com');
    expect((await signIn(await signed())).json().user.role).toBe('member');
  });
});
