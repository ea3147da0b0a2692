import {
  formatAccessToken,
  type AccessToken,
  type StoreDeveloper,
  type StorePermissionMode,
} from '@bazaar/schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStoreApiStub, refusal } from '../../test-utils/store-api-stub.ts';
import { fieldHelp, renderStoreRoute } from '../../test-utils/render-store-route.tsx';
import {
  DAY,
  makeAccessToken,
  makeDeveloper,
  page,
  TEST_NOW,
  USERS,
} from '../../test-utils/store-builders.ts';
import { developerRoutes } from './developer-routes.tsx';

const api = createStoreApiStub();
const SECRET = formatAccessToken('NewT0ken', 'S3cretS3cretS3cretS3cretS3cretS3');
const TOKENS = '/api/developer/access-tokens';

let tokens: AccessToken[];

/** The developer record and the tokens, kept by the stub as the server keeps them (never a secret). */
function serveDeveloper(
  developer: StoreDeveloper | null,
  permissionMode: StorePermissionMode = 'invitation',
) {
  api.on('GET', '/api/developer/me', { body: { developer, permissionMode, stake: null } });
  api.on('GET', TOKENS, () => ({ body: page(tokens) }));
  api.on('POST', TOKENS, (request) => {
    const body = request.body as { name: string; scopes: AccessToken['scopes']; expiresInDays: number };
    const accessToken = makeAccessToken({
      id: 'NewT0ken',
      name: body.name,
      scopes: body.scopes,
      createdAt: TEST_NOW,
      expiresAt: TEST_NOW + body.expiresInDays * DAY,
    });
    tokens = [accessToken, ...tokens];
    return { body: { accessToken, token: SECRET } };
  });
  api.on('DELETE', `${TOKENS}/:id`, (request, { id }) => {
    const token = tokens.find((each) => each.id === id)!;
    if ((request.body as { confirmName: string }).confirmName !== token.name) {
      return refusal(400, 'TOKEN_NAME_MISMATCH');
    }
    const revoked = { ...token, isRevoked: true, revokedAt: TEST_NOW };
    tokens = tokens.map((each) => (each.id === id ? revoked : each));
    return { body: revoked };
  });
}

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.member);
  tokens = [];
});
afterEach(cleanup);

const openPage = (locale: 'en' | 'zh' = 'en') =>
  renderStoreRoute('/developer/access-tokens', developerRoutes, { locale });
const tokenTable = () => screen.findByRole('table', { name: 'Access tokens' });

describe('AccessTokensPage', () => {
  it('lists each token with its scopes, dates, last use or "Never used", and whether it still works', async () => {
    tokens = [
      makeAccessToken({ id: 'Active01', name: 'laptop', scopes: ['upload', 'read'] }),
      makeAccessToken({ id: 'Expired1', name: 'old ci', isExpired: true, lastUsedAt: TEST_NOW - DAY }),
      makeAccessToken({ id: 'Revoked1', name: 'lost phone', isRevoked: true, revokedAt: TEST_NOW }),
    ];
    serveDeveloper(makeDeveloper());
    openPage();

    const rows = within(await tokenTable())
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByText('laptop')).toBeTruthy();
    expect(within(rows[0]!).getByText('Upload')).toBeTruthy();
    expect(within(rows[0]!).getByText('Read')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Publish')).toBeNull();
    expect(within(rows[0]!).getByText('Never used')).toBeTruthy();
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    expect(within(rows[1]!).getByText('Expired')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Never used')).toBeNull();
    expect(within(rows[2]!).getByText('Revoked')).toBeTruthy();
    // A deleted token cannot be deleted again.
    expect(within(rows[2]!).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('creates a token and shows its secret once, with a warning and a copy button; the list never shows it', async () => {
    serveDeveloper(makeDeveloper());
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'New token' }));

    // The name is required, checked before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(fieldHelp(/Access Token Name/)).toBe('Access Token Name is required');
    expect(api.sent('POST', TOKENS)).toEqual([]);

    await user.type(screen.getByLabelText(/Access Token Name/), '  ci runner ');
    await user.click(screen.getByLabelText('Read: see your apps and account'));
    await user.click(screen.getByLabelText('180 days'));
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Access token ci runner created' });
    expect(api.sent('POST', TOKENS).map((request) => request.body)).toEqual([
      { name: 'ci runner', scopes: ['upload', 'publish'], expiresInDays: 180 },
    ]);
    expect(within(secretDialog).getByDisplayValue(SECRET)).toBeTruthy();
    expect(within(secretDialog).getByText(/it is shown only this once/)).toBeTruthy();
    await user.click(within(secretDialog).getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // Neither a click beside it nor Escape loses the secret: only "I have copied it" closes it.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Access token ci runner created' })).toBeTruthy();
    await user.click(within(secretDialog).getByRole('button', { name: 'I have copied it' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await tokenTable()).getByText('ci runner')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('deletes a token only once its exact name is typed, and then lists it as revoked', async () => {
    tokens = [makeAccessToken({ id: 'Active01', name: 'laptop' })];
    serveDeveloper(makeDeveloper());
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Delete laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the access token laptop?' });

    await user.type(within(dialog).getByLabelText('Type laptop to confirm'), 'Laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(fieldHelp('Type laptop to confirm')).toBe('Deleting a token requires typing its name');
    expect(api.sent('DELETE', `${TOKENS}/Active01`)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Type laptop to confirm'));
    await user.type(within(dialog).getByLabelText('Type laptop to confirm'), 'laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('DELETE', `${TOKENS}/Active01`).map((request) => request.body)).toEqual([
      { confirmName: 'laptop' },
    ]);
    const row = within(await tokenTable())
      .getByText('laptop')
      .closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Revoked')).toBeTruthy());
  });

  it('words the server refusing the typed name at the field', async () => {
    tokens = [makeAccessToken({ id: 'Active01', name: 'laptop' })];
    serveDeveloper(makeDeveloper());
    api.on('DELETE', `${TOKENS}/:id`, refusal(400, 'TOKEN_NAME_MISMATCH'));
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Delete laptop' }));
    await user.type(screen.getByLabelText('Type laptop to confirm'), 'laptop');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fieldHelp('Type laptop to confirm')).toBe('Deleting a token requires typing its name'),
    );
  });

  it('asks a non-developer to register on /join when the Store admits developers by staking', async () => {
    serveDeveloper(null, 'staking');
    openPage();
    expect(await screen.findByText(/You have no valid Developer NFT/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register as a developer' }).getAttribute('href')).toBe('/join');
    expect(screen.queryByRole('button', { name: 'New token' })).toBeNull();
    expect(api.sent('GET', TOKENS)).toEqual([]);
  });

  it('tells a non-developer to ask an administrator when the Store admits developers by invitation', async () => {
    serveDeveloper(null, 'invitation');
    openPage();
    expect(await screen.findByText(/You have no valid Developer NFT/)).toBeTruthy();
    expect(screen.getByText(/ask an administrator for an invitation/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register as a developer' })).toBeNull();
  });

  it('tells a revoked developer they were revoked, and why', async () => {
    serveDeveloper(makeDeveloper({ status: 'revoked', revokedReason: 'Spam uploads', revokedAt: TEST_NOW }));
    openPage();
    expect(await screen.findByText('Your developer status was revoked by the store admin.')).toBeTruthy();
    expect(screen.getByText('Reason: Spam uploads')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New token' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    tokens = [makeAccessToken()];
    serveDeveloper(makeDeveloper());
    openPage('zh');
    expect(await screen.findByRole('heading', { name: '访问令牌', level: 1 })).toBeTruthy();
    expect(await screen.findByText('从未使用')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新建令牌' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '访问令牌' })).toBeTruthy();
  });
});
