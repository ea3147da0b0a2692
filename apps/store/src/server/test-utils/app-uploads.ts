import type { AccessTokenScope } from '@bazaar/schemas';
import { registerDeveloper } from '../modules/developers/index.ts';
import { bundleForm, type FormPart, multipartForm } from './app-bundles.ts';
import { makeUser, type Caller, type StoreTestApp } from './store-test-app.ts';

/** A second enabled developer, who owns nothing of `developer`'s. */
export const RIVAL = makeUser('rival', 'member');

export async function registerRival(t: StoreTestApp) {
  await registerDeveloper(t.deps, { did: RIVAL.did, username: RIVAL.fullName }, { via: 'invitation' });
}

/** A new access token of `caller` (an enabled developer) with `scopes`. */
export async function createAccessToken(
  t: StoreTestApp,
  caller: Caller = 'developer',
  scopes: AccessTokenScope[] = ['upload', 'publish', 'read'],
  expiresInDays = 90,
): Promise<string> {
  const response = await t.call(caller, 'POST', '/developer/access-tokens', {
    name: `token ${scopes.join(' ')} ${Math.random()}`.slice(0, 50),
    scopes,
    expiresInDays,
  });
  if (response.statusCode !== 200) throw new Error(`No token: ${response.body}`);
  return (response.json() as { token: string }).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `POST /api/apps/upload` with the bundle (or the given form parts) and the token, as the CLI sends it. */
export function uploadForm(t: StoreTestApp, token: string | null, body: Buffer | FormPart[]) {
  const form = Buffer.isBuffer(body) ? bundleForm(body) : multipartForm(body);
  return t.call(null, 'POST', '/apps/upload', form.payload, {
    ...form.headers,
    ...(token === null ? {} : bearer(token)),
  });
}

/** How many rows the app tables hold: an upload refused must leave them as they were. */
export async function countAppRows(t: StoreTestApp) {
  const count = async (table: 'store_apps' | 'store_app_versions' | 'store_app_version_history') =>
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count;
  return {
    apps: Number(await count('store_apps')),
    versions: Number(await count('store_app_versions')),
    history: Number(await count('store_app_version_history')),
  };
}

/**
 * Takes an uploaded version the whole way a person does: the developer asks for a review, an
 * admin starts it and approves it into `category`, the developer publishes (unless approval
 * already published it, for an app with auto-publish on).
 */
export async function publishThroughReview(
  t: StoreTestApp,
  did: string,
  version: string,
  category = 'payments',
): Promise<void> {
  const steps: Array<[Caller, string, Record<string, unknown>]> = [
    ['developer', `/developer/apps/${did}/versions/${version}`, { action: 'requestReview' }],
    ['admin', `/console/apps/${did}/review`, { action: 'start', version }],
    ['admin', `/console/apps/${did}/review`, { action: 'approve', version, category }],
  ];
  for (const [caller, path, body] of steps) {
    const response = await t.call(caller, 'PUT', path, body);
    if (response.statusCode !== 200) throw new Error(`${path} ${JSON.stringify(body)}: ${response.body}`);
    if ((response.json() as { published: boolean }).published) return;
  }
  const response = await t.call('developer', 'PUT', `/developer/apps/${did}/versions/${version}`, {
    action: 'publish',
  });
  if (response.statusCode !== 200) throw new Error(`publish ${version}: ${response.body}`);
}
