import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, openStoreTestApp, USERS, type StoreTestApp } from '../test-utils/store-test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';

type Who = 'guest' | keyof typeof USERS;
/** An X25519 public key (RFC 7748's test vector: Alice's), and a connect session nobody opened. */
const X25519_PUBLIC_KEY = Buffer.from(
  '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
  'hex',
).toString('base64url');
const NO_SUCH_CONNECT_SESSION = `ccs_${'A'.repeat(24)}`;
/** A well-formed app DID no upload made. */
const NO_SUCH_APP = `did:key:z6Mk${'a'.repeat(44)}`;
const NO_SUCH_COMMENT = `scm_${'A'.repeat(24)}`;
const CALLERS: readonly Who[] = ['guest', 'member', 'devPassport', 'revoked', 'developer', 'admin', 'owner'];

/**
 * Who may call a route: anyone; any signed-in user; an enabled Store developer (a platform
 * `developer` passport or Store admin role grants nothing here); a Store admin (owner or admin);
 * or only a request with an access token (no session is enough).
 */
type Access = 'public' | 'signedIn' | 'developer' | 'admin' | 'token';

/** What each caller gets at a guard, as `[status, code]`; `ok` when the guard lets them through. */
function expectedAt(access: Access, who: Who): 'ok' | [number, string] {
  if (access === 'public') return 'ok';
  if (who === 'guest' || access === 'token') return [401, 'UNAUTHENTICATED'];
  if (access === 'signedIn') return 'ok';
  if (access === 'admin') return who === 'admin' || who === 'owner' ? 'ok' : [403, 'FORBIDDEN'];
  if (who === 'developer') return 'ok';
  return who === 'revoked' ? [403, 'DEVELOPER_REVOKED'] : [403, 'DEVELOPER_REQUIRED'];
}

interface RouteCase {
  access: Access;
  /** The path and body a caller sends; callers let through must get `okStatus`. */
  request(who: Who): { path: string; payload?: unknown };
  okStatus?: number;
}

describe.each(TEST_DIALECTS)('who may call each Store route on %s', (dialect) => {
  let t: StoreTestApp;
  let invitationId: string;
  let tokenId: string;

  beforeAll(async () => {
    t = await openStoreTestApp(dialect);
    const invited = await t.call('admin', 'POST', '/console/invitations', { email: 'someone@example.com' });
    invitationId = invited.json().invitation.id;
    const created = await t.call('developer', 'POST', '/developer/access-tokens', {
      name: 'laptop',
      scopes: ['upload'],
    });
    tokenId = created.json().accessToken.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const ROUTES: Record<string, RouteCase> = {
    'GET /store.json': { access: 'public', request: () => ({ path: '/store.json' }) },
    'GET /categories': { access: 'public', request: () => ({ path: '/categories' }) },
    [`GET ${OPENAPI_PATH}`]: { access: 'public', request: () => ({ path: OPENAPI_PATH }) },
    'GET /console/settings': { access: 'admin', request: () => ({ path: '/console/settings' }) },
    'PUT /console/settings': {
      access: 'admin',
      request: () => ({ path: '/console/settings', payload: { autoPublishDefault: true } }),
    },
    'GET /developer/me': { access: 'signedIn', request: () => ({ path: '/developer/me' }) },
    // Past the guard: this Store admits developers by invitation, and nobody here holds a stake.
    'POST /developer/stake': {
      access: 'signedIn',
      request: () => ({ path: '/developer/stake' }),
      okStatus: 409,
    },
    'POST /developer/leave': {
      access: 'signedIn',
      request: () => ({ path: '/developer/leave' }),
      okStatus: 409,
    },
    // Past the guard a made-up token is refused on its own terms; accepting is tested elsewhere.
    'POST /developer/invitations/accept': {
      access: 'signedIn',
      request: () => ({ path: '/developer/invitations/accept', payload: { token: 'no-such-token' } }),
      okStatus: 400,
    },
    'POST /console/invitations': {
      access: 'admin',
      request: (who) => ({ path: '/console/invitations', payload: { email: `${who}@invited.example` } }),
    },
    'GET /console/invitations': { access: 'admin', request: () => ({ path: '/console/invitations' }) },
    'DELETE /console/invitations/{id}': {
      access: 'admin',
      request: () => ({ path: `/console/invitations/${invitationId}` }),
    },
    'GET /console/developers': { access: 'admin', request: () => ({ path: '/console/developers' }) },
    'PUT /console/developers/{did}': {
      access: 'admin',
      request: () => ({ path: `/console/developers/${USERS.developer.did}`, payload: { status: 'enabled' } }),
    },
    'GET /console/developers/{did}/history': {
      access: 'admin',
      request: () => ({ path: `/console/developers/${USERS.developer.did}/history` }),
    },
    'GET /developer/access-tokens': {
      access: 'developer',
      request: () => ({ path: '/developer/access-tokens' }),
    },
    'POST /developer/access-tokens': {
      access: 'developer',
      request: () => ({ path: '/developer/access-tokens', payload: { name: 'ci', scopes: ['read'] } }),
    },
    'DELETE /developer/access-tokens/{id}': {
      access: 'developer',
      request: () => ({ path: `/developer/access-tokens/${tokenId}`, payload: { confirmName: 'laptop' } }),
    },
    'GET /cli/whoami': { access: 'token', request: () => ({ path: '/cli/whoami' }) },
    // The connect session is the CLI's: opening and polling need no sign-in (the poll secret is
    // the poll's authority). Past the guards a made-up session is refused on its own terms.
    'POST /cli/connect': {
      access: 'public',
      request: () => ({ path: '/cli/connect', payload: { publicKey: X25519_PUBLIC_KEY } }),
    },
    'GET /cli/connect/{id}': {
      access: 'public',
      request: () => ({ path: `/cli/connect/${NO_SUCH_CONNECT_SESSION}?secret=x` }),
      okStatus: 410,
    },
    'GET /cli/connect/{id}/info': {
      access: 'signedIn',
      request: () => ({ path: `/cli/connect/${NO_SUCH_CONNECT_SESSION}/info` }),
      okStatus: 410,
    },
    'POST /cli/connect/{id}/approve': {
      access: 'developer',
      request: () => ({ path: `/cli/connect/${NO_SUCH_CONNECT_SESSION}/approve` }),
      okStatus: 410,
    },
    'POST /cli/connect/{id}/deny': {
      access: 'developer',
      request: () => ({ path: `/cli/connect/${NO_SUCH_CONNECT_SESSION}/deny` }),
      okStatus: 410,
    },
    'POST /console/categories': {
      access: 'admin',
      request: (who) => ({
        path: '/console/categories',
        payload: { name: { en: `By ${who}`, zh: `由 ${who}` } },
      }),
    },
    'PUT /console/categories/{id}': {
      access: 'admin',
      request: (who) => ({
        path: '/console/categories/payments',
        payload: { name: { en: `Payments ${who}`, zh: `支付 ${who}` } },
      }),
    },
    'DELETE /console/categories/{id}': {
      access: 'admin',
      request: (who) => ({
        path: `/console/categories/${who === 'owner' ? 'productivity' : 'developer-tools'}`,
      }),
    },
    // Apps: the CLI's routes take a token; past the guards an app nobody uploaded is NOT_FOUND.
    'POST /apps/upload': { access: 'token', request: () => ({ path: '/apps/upload' }) },
    'POST /apps/{did}/versions/{version}/publish': {
      access: 'token',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/versions/1.0.0/publish` }),
    },
    'GET /apps/{did}/versions': {
      access: 'token',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/versions` }),
    },
    'GET /developer/apps': { access: 'developer', request: () => ({ path: '/developer/apps' }) },
    'GET /developer/apps/{did}': {
      access: 'developer',
      request: () => ({ path: `/developer/apps/${NO_SUCH_APP}` }),
      okStatus: 404,
    },
    'PUT /developer/apps/{did}': {
      access: 'developer',
      request: () => ({ path: `/developer/apps/${NO_SUCH_APP}`, payload: { visibility: 'private' } }),
      okStatus: 404,
    },
    'PUT /developer/apps/{did}/versions/{version}': {
      access: 'developer',
      request: () => ({
        path: `/developer/apps/${NO_SUCH_APP}/versions/1.0.0`,
        payload: { action: 'publish' },
      }),
      okStatus: 404,
    },
    'POST /developer/apps/{did}/versions/{version}/comments': {
      access: 'developer',
      request: () => ({
        path: `/developer/apps/${NO_SUCH_APP}/versions/1.0.0/comments`,
        payload: { body: 'Hello' },
      }),
      okStatus: 404,
    },
    'GET /console/apps': { access: 'admin', request: () => ({ path: '/console/apps' }) },
    'GET /console/apps/{did}': {
      access: 'admin',
      request: () => ({ path: `/console/apps/${NO_SUCH_APP}` }),
      okStatus: 404,
    },
    'PUT /console/apps/{did}/review': {
      access: 'admin',
      request: () => ({
        path: `/console/apps/${NO_SUCH_APP}/review`,
        payload: { version: '1.0.0', action: 'start' },
      }),
      okStatus: 404,
    },
    'PUT /console/apps/{did}/block': {
      access: 'admin',
      request: () => ({ path: `/console/apps/${NO_SUCH_APP}/block`, payload: { reason: 'Spam' } }),
      okStatus: 404,
    },
    'PUT /console/apps/{did}/unblock': {
      access: 'admin',
      request: () => ({ path: `/console/apps/${NO_SUCH_APP}/unblock` }),
      okStatus: 404,
    },
    'POST /console/apps/{did}/versions/{version}/comments': {
      access: 'admin',
      request: () => ({
        path: `/console/apps/${NO_SUCH_APP}/versions/1.0.0/comments`,
        payload: { body: 'Hello' },
      }),
      okStatus: 404,
    },
    // Public comments: read by anyone who may see the app, written and deleted signed in.
    'GET /apps/{did}/comments': {
      access: 'public',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/comments` }),
      okStatus: 404,
    },
    'GET /apps/{did}/comments/{id}/replies': {
      access: 'public',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/comments/${NO_SUCH_COMMENT}/replies` }),
      okStatus: 404,
    },
    'POST /apps/{did}/comments': {
      access: 'signedIn',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/comments`, payload: { body: 'Hello' } }),
      okStatus: 404,
    },
    'DELETE /apps/{did}/comments/{id}': {
      access: 'signedIn',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/comments/${NO_SUCH_COMMENT}` }),
      okStatus: 404,
    },
    // The catalogue and an app's page, its files, downloads and instances: anyone who may see the
    // app (an unknown one is NOT_FOUND to all); an instance report's credential is its signature.
    'GET /apps': { access: 'public', request: () => ({ path: '/apps' }) },
    'GET /apps/explore': { access: 'public', request: () => ({ path: '/apps/explore' }) },
    'GET /apps/{did}': { access: 'public', request: () => ({ path: `/apps/${NO_SUCH_APP}` }), okStatus: 404 },
    'GET /apps/{did}/versions/{version}/assets/{*}': {
      access: 'public',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/versions/1.0.0/assets/logo.svg` }),
      okStatus: 404,
    },
    'GET /apps/{did}/bundle': {
      access: 'public',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/bundle` }),
      okStatus: 404,
    },
    'GET /apps/{did}/versions/{version}/bundle': {
      access: 'public',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/versions/1.0.0/bundle` }),
      okStatus: 404,
    },
    'GET /apps/{did}/downloads': {
      access: 'public',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/downloads` }),
      okStatus: 404,
    },
    'GET /apps/{did}/instances': {
      access: 'public',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/instances` }),
      okStatus: 404,
    },
    'PUT /apps/{did}/instances': {
      access: 'public',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/instances`, payload: { url: 'https://a.example.com' } }),
      okStatus: 400,
    },
    // Buying: the price for anyone, the checkout and the licences signed in.
    'GET /apps/{did}/purchase': {
      access: 'public',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/purchase` }),
      okStatus: 404,
    },
    'POST /apps/{did}/purchase': {
      access: 'signedIn',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/purchase` }),
      okStatus: 404,
    },
    'POST /apps/{did}/donation': {
      access: 'public',
      request: () => ({ path: `/apps/${NO_SUCH_APP}/donation` }),
      okStatus: 404,
    },
    'GET /licences': { access: 'signedIn', request: () => ({ path: '/licences' }) },
    'GET /licences/public-key': { access: 'public', request: () => ({ path: '/licences/public-key' }) },
  };

  it('has a rule for every route the Store registers, and no other', async () => {
    const document = (await t.call(null, 'GET', OPENAPI_PATH)).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(new Set([...documented, `GET ${OPENAPI_PATH}`])).toEqual(new Set(Object.keys(ROUTES)));
  });

  it.each(Object.keys(ROUTES))('%s', async (route) => {
    const { access, request, okStatus = 200 } = ROUTES[route]!;
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
    for (const who of CALLERS) {
      const { path, payload } = request(who);
      const response = await t.call(who === 'guest' ? null : who, method, path, payload);
      const expected = expectedAt(access, who);
      const label = `${who}: ${response.body.slice(0, 200)}`;
      if (expected === 'ok') {
        expect(response.statusCode, label).toBe(okStatus);
      } else {
        expect(response.statusCode, label).toBe(expected[0]);
        expect(codeOf(response), label).toBe(expected[1]);
      }
    }
  });

  it('refuses a caller before it reads the body, so a member learns nothing from validation', async () => {
    const asMember = await t.call('member', 'PUT', '/console/settings', { maxBundleSizeMb: 'lots' });
    expect(asMember.statusCode).toBe(403);
    const asGuest = await t.call(null, 'POST', '/developer/access-tokens', { scopes: [] });
    expect(asGuest.statusCode).toBe(401);
  });
});
