import { USER_SERVICE_PATH } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../testing.ts';

const PUBLIC_URL = 'https://shop.example';
const EMBEDDER = 'https://blog.example';

describe.each(TEST_DIALECTS)('requests acting with the session cookie on %s', (dialect) => {
  let platform: TestPlatform;
  let signIns = 0;

  beforeEach(async () => {
    platform = await createTestPlatform(dialect, {
      components: () => [],
      publicUrl: PUBLIC_URL,
      embedOrigins: [EMBEDDER],
    });
  });
  afterEach(async () => {
    await platform.close();
  });

  async function signedInCookie(): Promise<string> {
    signIns += 1;
    return (await platform.signIn(`person${signIns}@example.com`)).cookie;
  }

  const isSignedIn = async (cookie: string) =>
    (await platform.app.inject({ url: `${USER_SERVICE_PATH}/session`, headers: { cookie } })).json().user !==
    null;

  /** Logging out is a body-less POST that writes (the session is deleted): what a forged form would aim at. */
  const logout = (headers: Record<string, string>, payload?: string) =>
    platform.app.inject({ method: 'POST', url: `${USER_SERVICE_PATH}/logout`, headers, payload });

  it.each([
    ['a page of the site (Sec-Fetch-Site)', { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL }],
    ['a page of the site (Origin only, an older browser)', { origin: PUBLIC_URL }],
    ['a configured embedder', { 'sec-fetch-site': 'cross-site', origin: EMBEDDER }],
    ['something that is not a browser (neither header)', {}],
  ])('lets %s act', async (_case, headers: Record<string, string>) => {
    const cookie = await signedInCookie();
    const response = await logout({ ...headers, cookie });
    expect(response.statusCode).toBe(204);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it.each([
    ['another port of the same host', { 'sec-fetch-site': 'same-site', origin: 'https://shop.example:8443' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'https://blog.shop.example' }],
    ['plain http of the same host', { 'sec-fetch-site': 'same-site', origin: 'http://shop.example' }],
    ['another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['another site, to an older browser', { origin: 'https://evil.example' }],
    ['an opaque origin (sandboxed frame)', { 'sec-fetch-site': 'cross-site', origin: 'null' }],
    ['a browser that names no origin', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s and writes nothing', async (_case, headers: Record<string, string>) => {
    const cookie = await signedInCookie();
    const response = await logout({ ...headers, cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_ORIGIN_REFUSED');
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it.each([
    ['text/plain', 'text/plain', '{"a":1}'],
    ['an urlencoded form', 'application/x-www-form-urlencoded', 'a=1'],
    [
      'a multipart form',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    ],
    ['no content type', '', 'a=1'],
  ])('refuses a body sent as %s, even from the site itself', async (_case, contentType, body) => {
    const cookie = await signedInCookie();
    const headers = { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL, cookie };
    const response = await logout(contentType ? { ...headers, 'content-type': contentType } : headers, body);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it('takes JSON bodies from the site', async () => {
    const cookie = await signedInCookie();
    const response = await logout(
      { 'sec-fetch-site': 'same-origin', cookie, 'content-type': 'application/json; charset=utf-8' },
      '{}',
    );
    expect(response.statusCode).toBe(204);
  });

  it('leaves requests without the session cookie to the routes, and reads alone', async () => {
    const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
    expect((await logout(crossSite)).statusCode).toBe(204);
    const start = await platform.app.inject({
      method: 'POST',
      url: `${USER_SERVICE_PATH}/auth/email/start`,
      headers: { ...crossSite, 'content-type': 'text/plain' },
      payload: 'email=someone@example.com',
    });
    expect(start.json().error.code).toBe('VALIDATION_FAILED');

    const cookie = await signedInCookie();
    const read = await platform.app.inject({
      url: `${USER_SERVICE_PATH}/session`,
      headers: { ...crossSite, cookie },
    });
    expect(read.statusCode).toBe(200);
  });
});
