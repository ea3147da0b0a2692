import { AVATAR_MAX_BYTES, type SessionUser } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../testing.ts';
import type { UserServiceDb } from './repository.ts';

const USER = '/.well-known/service/user';

/** A real picture of one colour, drawn by sharp in the format asked. */
function makePicture(format: 'png' | 'jpeg' | 'webp' | 'gif', background = '#3b4ce2'): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

describe.each(TEST_DIALECTS)('avatars on %s', (dialect) => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await createTestPlatform(dialect, { components: () => [] });
  });
  afterEach(async () => {
    await platform.close();
  });

  const db = () => platform.database.db as UserServiceDb;
  const upload = (image: string, cookie?: string) =>
    platform.app.inject({
      method: 'PUT',
      url: `${USER}/avatar`,
      headers: cookie ? { cookie } : {},
      payload: { image },
    });
  const remove = (cookie?: string) =>
    platform.app.inject({ method: 'DELETE', url: `${USER}/avatar`, headers: cookie ? { cookie } : {} });
  const sessionUser = async (cookie: string): Promise<SessionUser> =>
    (await platform.app.inject({ url: `${USER}/session`, headers: { cookie } })).json().user;
  /** The avatar address a page would show, at `size`. */
  const fetchAvatar = (avatar: string, size: number, headers: Record<string, string> = {}) =>
    platform.app.inject({ url: `${avatar}${avatar.includes('?') ? '&' : '?'}size=${size}`, headers });
  const storedAvatars = () => db().selectFrom('platform_user_avatars').select('did').execute();

  function expectRefusal(response: { statusCode: number; json(): unknown }, refusal: string) {
    expect(response.statusCode).toBe(refusal === 'AVATAR_TOO_LARGE' ? 413 : 400);
    expect(response.json()).toMatchObject({ error: { code: refusal } });
  }

  it('turns guests away from uploading and removing', async () => {
    const picture = dataUrl(await makePicture('png'));
    for (const response of [await upload(picture), await remove()]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(await storedAvatars()).toEqual([]);
  });

  it('serves an uploaded PNG as WebP of the size asked, under an address that names its version', async () => {
    const { cookie, user } = await platform.signIn('ann@example.com');
    expect(user.avatar).toBe(`${USER}/avatar/${user.did}`);

    const response = await upload(dataUrl(await makePicture('png')), cookie);
    expect(response.statusCode).toBe(200);
    const { avatar } = response.json().user as SessionUser;
    expect(avatar).toMatch(new RegExp(`^${USER}/avatar/${user.did}\\?v=[\\w-]{16}$`));
    expect((await sessionUser(cookie)).avatar).toBe(avatar);

    for (const size of [18, 48, 512]) {
      const served = await fetchAvatar(avatar, size);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: size,
        height: size,
      });
    }
  });

  it('lets browsers keep the versioned address for good and revalidate the bare one', async () => {
    const { cookie, user } = await platform.signIn('ann@example.com');
    const { avatar } = (await upload(dataUrl(await makePicture('png')), cookie)).json().user;

    const versioned = await fetchAvatar(avatar, 48);
    expect(versioned.headers['cache-control']).toMatch(/^public, max-age=31536000, immutable$/);
    const etag = versioned.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+-48"$/);

    const bare = await fetchAvatar(`${USER}/avatar/${user.did}`, 48);
    expect(bare.headers['cache-control']).toBe('public, max-age=3600');
    expect(bare.headers.etag).toBe(etag);
    const revalidated = await fetchAvatar(`${USER}/avatar/${user.did}`, 48, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);
    expect((await fetchAvatar(avatar, 96, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it.each(['jpeg', 'webp', 'gif'] as const)('takes a %s picture', async (format) => {
    const { cookie } = await platform.signIn('ann@example.com');
    const response = await upload(dataUrl(await makePicture(format), `image/${format}`), cookie);
    expect(response.statusCode).toBe(200);
    expect((await fetchAvatar(response.json().user.avatar, 24)).headers['content-type']).toBe('image/webp');
  });

  it('moves the address when the picture changes, and keeps it for the same picture again', async () => {
    const { cookie } = await platform.signIn('ann@example.com');
    const first = (await upload(dataUrl(await makePicture('png', '#3b4ce2')), cookie)).json().user.avatar;
    const second = (await upload(dataUrl(await makePicture('png', '#e2743b')), cookie)).json().user.avatar;
    expect(second).not.toBe(first);
    expect((await sessionUser(cookie)).avatar).toBe(second);
    const again = (await upload(dataUrl(await makePicture('png', '#e2743b')), cookie)).json().user.avatar;
    expect(again).toBe(second);
  });

  it('refuses whatever does not decode as a picture, however it is labelled, and stores nothing', async () => {
    const { cookie, user } = await platform.signIn('ann@example.com');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const truncated = (await makePicture('png')).subarray(0, 200);
    for (const image of [
      dataUrl(Buffer.from('not a picture at all')),
      dataUrl(svg),
      dataUrl(truncated),
      dataUrl(await makePicture('png'), 'text/plain'),
      dataUrl(svg, 'image/svg+xml'),
      'https://example.com/me.png',
    ]) {
      expectRefusal(await upload(image, cookie), 'AVATAR_INVALID');
    }
    expect(await storedAvatars()).toEqual([]);
    expect((await sessionUser(cookie)).avatar).toBe(`${USER}/avatar/${user.did}`);
  });

  it('takes no raw picture body from a signed-in page: the cross-site guard wants JSON', async () => {
    const { cookie } = await platform.signIn('ann@example.com');
    const response = await platform.app.inject({
      method: 'PUT',
      url: `${USER}/avatar`,
      headers: { cookie, 'content-type': 'image/png' },
      payload: await makePicture('png'),
    });
    expect(response.statusCode).toBe(415);
    expect(await storedAvatars()).toEqual([]);
  });

  it('refuses a picture over 2 MB, by its bytes or by a body too large to read', async () => {
    const { cookie } = await platform.signIn('ann@example.com');
    const png = await makePicture('png');
    const justOver = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    expectRefusal(await upload(dataUrl(justOver), cookie), 'AVATAR_TOO_LARGE');
    expectRefusal(await upload(dataUrl(Buffer.alloc(AVATAR_MAX_BYTES * 2)), cookie), 'AVATAR_TOO_LARGE');
    expect(await storedAvatars()).toEqual([]);
  });

  it('shows the identicon again once the picture is removed', async () => {
    const { cookie, user } = await platform.signIn('ann@example.com');
    await upload(dataUrl(await makePicture('png')), cookie);
    const removed = await remove(cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.avatar).toBe(`${USER}/avatar/${user.did}`);
    expect((await sessionUser(cookie)).avatar).toBe(`${USER}/avatar/${user.did}`);
    const served = await fetchAvatar(`${USER}/avatar/${user.did}`, 48);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(await storedAvatars()).toEqual([]);
  });

  it("changes only the signed-in user's own picture", async () => {
    const ann = await platform.signIn('ann@example.com');
    const bob = await platform.signIn('bob@example.com');
    const bobs = (await upload(dataUrl(await makePicture('png')), bob.cookie)).json().user.avatar;

    const response = await platform.app.inject({
      method: 'PUT',
      url: `${USER}/avatar`,
      headers: { cookie: ann.cookie },
      payload: { image: dataUrl(await makePicture('png', '#e2743b')), did: bob.user.did },
    });
    expect(response.json().user.did).toBe(ann.user.did);
    await remove(ann.cookie);

    expect((await sessionUser(bob.cookie)).avatar).toBe(bobs);
    expect((await fetchAvatar(bobs, 48)).headers['content-type']).toBe('image/webp');
  });

  it('answers a DID that is nobody the way it answers a user without a picture', async () => {
    const { user } = await platform.signIn('ann@example.com');
    const member = await fetchAvatar(`${USER}/avatar/${user.did}`, 48);
    const nobody = await fetchAvatar(`${USER}/avatar/did:bazaar:nobody`, 48);
    for (const response of [member, nobody]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      expect(response.headers.etag).toBeUndefined();
    }
  });
});
