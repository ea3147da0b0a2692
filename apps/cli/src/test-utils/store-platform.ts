// The CLI is tested against the real platform, as a developer's terminal meets it.
import { createTestPlatform, type TestPlatform } from '@bazaar/platform/testing';
import type { Dialect } from '@bazaar/server-kit';

export interface StorePlatform {
  platform: TestPlatform;
  /** The Store's address: the platform mounts it at its root. */
  store: string;
  /** The session cookie of the platform's owner, a Store admin. */
  ownerCookie: string;
  /** The session cookie of an enabled Store developer (`developer@example.com`). */
  developerCookie: string;
  /** The session cookie of a signed-in user who is no developer. */
  memberCookie: string;
  /** Calls `/api{path}` of the Store with a cookie (a signed-in browser). */
  call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    cookie: string,
    payload?: unknown,
  ): Promise<{ statusCode: number; json(): unknown; body: string }>;
  close(): Promise<void>;
}

/**
 * A whole platform listening on 127.0.0.1, with its owner, a Store developer made through an
 * invitation (as a person becomes one), and a member who is not one.
 */
export async function startStorePlatform(dialect: Dialect = 'sqlite'): Promise<StorePlatform> {
  const platform = await createTestPlatform(dialect, { listen: true });
  const call: StorePlatform['call'] = (method, path, cookie, payload) =>
    platform.app.inject({
      method,
      url: `/api${path}`,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  try {
    const owner = await platform.signIn('owner@example.com');
    const invited = await call('POST', '/console/invitations', owner.cookie, {
      email: 'developer@example.com',
    });
    if (invited.statusCode !== 200) throw new Error(`Inviting failed: ${invited.body}`);
    const developer = await platform.signIn('developer@example.com');
    const accepted = await call('POST', '/developer/invitations/accept', developer.cookie, {
      token: (invited.json() as { token: string }).token,
    });
    if (accepted.statusCode !== 200) throw new Error(`Accepting failed: ${accepted.body}`);
    const member = await platform.signIn('member@example.com');
    return {
      platform,
      store: platform.baseUrl,
      ownerCookie: owner.cookie,
      developerCookie: developer.cookie,
      memberCookie: member.cookie,
      call,
      close: () => platform.close(),
    };
  } catch (error) {
    await platform.close();
    throw error;
  }
}

/** `…/connect-cli?session=ccs_…` → `ccs_…`. */
export function sessionIdOf(approveUrl: string): string {
  const id = new URL(approveUrl).searchParams.get('session');
  if (!id) throw new Error(`No session in ${approveUrl}`);
  return id;
}
