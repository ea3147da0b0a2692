import { USER_SERVICE_PATH, type SessionUser } from '@bazaar/schemas';
import { createManualClock } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { bindWallet, signInMessage, WalletApiError } from '@bazaar/wallet';
import { createTestWallet, type TestWallet } from '@bazaar/wallet/test-wallet';
import { stringToHex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../testing.ts';

const STATEMENT = 'Bind this wallet to your Bazaar account';
const browserFetch = globalThis.fetch;

/** A wallet that only signs: signing messages asks no node, so its chain is never contacted. */
function newWallet(): TestWallet {
  return createTestWallet({ privateKey: generatePrivateKey(), rpcUrl: 'http://127.0.0.1:1', chainId: 8453 });
}

describe.each(TEST_DIALECTS)('wallet binding on %s', (dialect) => {
  let platform: TestPlatform;
  let host: string;

  beforeEach(async () => {
    // The wallet dates its message by the real clock, so the platform's clock reads it too.
    platform = await createTestPlatform(dialect, {
      components: () => [],
      clock: createManualClock(Math.floor(Date.now() / 1000)),
      listen: true,
    });
    host = new URL(platform.baseUrl).host;
    browseFrom(platform.baseUrl);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await platform.close();
  });

  /** The page the wallet is asked from: its messages name this origin. */
  function browseFrom(origin: string) {
    vi.stubGlobal('window', { location: new URL(origin) });
  }

  /** Sends the session cookie with each of the page's requests, as the browser's cookie jar would. */
  function browseAs(cookie: string | null) {
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) =>
      browserFetch(input, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
      }),
    );
  }

  const bind = (wallet: TestWallet) =>
    bindWallet(wallet, { userServiceBase: `http://${host}${USER_SERVICE_PATH}`, statement: STATEMENT });

  async function signedMessage(wallet: TestWallet) {
    const nonce = await platform.app.inject({ url: `${USER_SERVICE_PATH}/auth/nonce`, headers: { host } });
    return signInMessage(wallet, { statement: STATEMENT, nonce: nonce.json().nonce });
  }

  const post = (path: string, payload: object, cookie?: string) =>
    platform.app.inject({
      method: 'POST',
      url: `${USER_SERVICE_PATH}${path}`,
      headers: { host, ...(cookie ? { cookie } : {}) },
      payload,
    });

  async function sessionUser(cookie: string): Promise<SessionUser | null> {
    const response = await platform.app.inject({ url: `${USER_SERVICE_PATH}/session`, headers: { cookie } });
    return response.json().user;
  }

  it('binds the wallet to the signed-in user, who keeps their did; binding it again changes nothing', async () => {
    const wallet = newWallet();
    const { cookie, user } = await platform.signIn('ann@example.com');
    browseAs(cookie);
    const bound = await bind(wallet);
    expect(bound).toEqual({ ...user, walletAddress: wallet.address });
    expect(await sessionUser(cookie)).toEqual(bound);
    expect(await bind(wallet)).toEqual(bound);
    // The wallet now signs in as Ann rather than as a wallet account of its own.
    const signIn = await post('/auth/wallet', await signedMessage(wallet));
    expect(signIn.json().user.did).toBe(user.did);
  });

  it('asks for a session first', async () => {
    browseAs(null);
    const refusal = await bind(newWallet()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WalletApiError);
    expect(refusal).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('refuses a wallet that belongs to another account', async () => {
    const wallet = newWallet();
    expect((await post('/auth/wallet', await signedMessage(wallet))).statusCode).toBe(200);
    const { cookie } = await platform.signIn('ann@example.com');
    browseAs(cookie);
    await expect(bind(wallet)).rejects.toMatchObject({
      status: 409,
      code: 'WALLET_IN_USE',
      message: 'This wallet belongs to another account',
    });
    expect((await sessionUser(cookie))?.walletAddress).toBeNull();
  });

  it('refuses a second, different wallet', async () => {
    const first = newWallet();
    const { cookie } = await platform.signIn('ann@example.com');
    browseAs(cookie);
    await bind(first);
    await expect(bind(newWallet())).rejects.toMatchObject({ status: 409, code: 'WALLET_ALREADY_BOUND' });
    expect((await sessionUser(cookie))?.walletAddress).toBe(first.address);
  });

  it('checks the message as wallet sign-in does: a replay or a foreign signature fails', async () => {
    const wallet = newWallet();
    const { cookie } = await platform.signIn('ann@example.com');
    const signed = await signedMessage(wallet);
    const stranger = newWallet();
    const forged = await stranger.request({
      method: 'personal_sign',
      params: [stringToHex(signed.message), stranger.address],
    });
    const forgery = await post('/wallet', { message: signed.message, signature: forged }, cookie);
    expect(forgery.json().error.code).toBe('AUTH_FAILED');
    expect((await post('/wallet', signed, cookie)).statusCode).toBe(200);
    const replay = await post('/wallet', signed, cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('AUTH_FAILED');
  });

  it('refuses a message a phishing site had signed for itself and posts with its own Host', async () => {
    const wallet = newWallet();
    const { cookie } = await platform.signIn('ann@example.com');
    browseFrom('https://evil.example');
    const phished = await signedMessage(wallet);
    const response = await platform.app.inject({
      method: 'POST',
      url: `${USER_SERVICE_PATH}/wallet`,
      headers: { host: 'evil.example', cookie },
      payload: phished,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('AUTH_FAILED');
    expect((await sessionUser(cookie))?.walletAddress).toBeNull();
  });

  it('gives the wallet to one account when two race for it', async () => {
    const wallet = newWallet();
    const ann = await platform.signIn('ann@example.com');
    const bob = await platform.signIn('bob@example.com');
    const [annSigned, bobSigned] = [await signedMessage(wallet), await signedMessage(wallet)];
    const responses = await Promise.all([
      post('/wallet', annSigned, ann.cookie),
      post('/wallet', bobSigned, bob.cookie),
    ]);
    const outcomes = responses.map((response) => response.json().error?.code ?? response.statusCode).sort();
    expect(outcomes).toEqual([200, 'WALLET_IN_USE']);
  });
});
