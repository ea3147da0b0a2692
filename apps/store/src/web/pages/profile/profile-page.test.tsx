import { AVATAR_MAX_BYTES, type OwnLicence, type SessionUser } from '@bazaar/schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentKitOutlet } from '../../test-utils/payment-kit-outlet.tsx';
import { renderStoreRoute } from '../../test-utils/render-store-route.tsx';
import { ProfilePage } from './profile-page.tsx';

const USER = '/.well-known/service/user';
const DID = 'did:pkh:eip155:1:0x1234567890AbcdEF1234567890aBcdef12345678';

const ann: SessionUser = {
  did: DID,
  fullName: 'Ann',
  email: 'ann@example.com',
  walletAddress: '0x1234567890AbcdEF1234567890aBcdef12345678',
  avatar: `${USER}/avatar/${DID}`,
  role: 'owner',
  passports: [
    { role: 'owner', name: 'owner' },
    { role: 'developer', name: 'developer' },
  ],
};

interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The user service as the page meets it: the session, and the changes, each answering the user
 * as it now reads (or `refuse`'s answer). The platform shell wraps `fetch` once per window, so
 * one fetch is installed for the file and only what it answers changes.
 */
let signedIn: SessionUser;
let refuse: { status: number; body: unknown } | null;
const requests: SentRequest[] = [];

/** The signed-in user's licences, as `GET /api/licences` lists them. */
let licences: OwnLicence[];

function answer(request: SentRequest): { status: number; body: unknown } {
  if (request.method === 'GET' && request.path === `${USER}/session`)
    return { status: 200, body: { user: signedIn } };
  if (request.method === 'GET' && request.path === '/api/licences')
    return { status: 200, body: { list: licences, count: licences.length } };
  if (request.method === 'GET' && request.path === '/payment-kit/api/invoices')
    return { status: 200, body: { list: [], count: 0 } };
  if (refuse) return refuse;
  const bare = `${USER}/avatar/${signedIn.did}`;
  if (request.method === 'PUT' && request.path === `${USER}/profile`) {
    signedIn = { ...signedIn, fullName: (request.body as { fullName: string }).fullName };
  } else if (request.method === 'PUT' && request.path === `${USER}/avatar`) {
    signedIn = { ...signedIn, avatar: `${bare}?v=new-picture` };
  } else if (request.method === 'DELETE' && request.path === `${USER}/avatar`) {
    signedIn = { ...signedIn, avatar: bare };
  } else {
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: request.path } } };
  }
  return { status: 200, body: { user: signedIn } };
}

beforeAll(() => {
  window.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: new URL(String(input), 'http://localhost').pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const { status, body } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});
beforeEach(() => {
  signedIn = ann;
  licences = [];
  refuse = null;
  requests.length = 0;
});
afterEach(cleanup);

const sent = (method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === `${USER}${path}`);
const avatarImage = () => screen.getByRole('img', { name: 'Your avatar' });
const pictureFile = (size: number, type = 'image/png') =>
  new File([new Uint8Array(size).fill(0x89)], 'me.png', { type });

function renderPage(locale: 'en' | 'zh' = 'en') {
  renderStoreRoute(
    '/profile',
    <Route element={<PaymentKitOutlet />}>
      <Route path="/profile" element={<ProfilePage />} />
    </Route>,
    { locale },
  );
}

describe('ProfilePage', () => {
  it("shows the signed-in user's picture, name, email, wallet, passports and DID", async () => {
    renderPage();
    expect(await screen.findByLabelText('Name')).toHaveProperty('value', 'Ann');
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByText('0x1234…5678')).toBeTruthy();
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.getByText('Developer')).toBeTruthy();
    expect(screen.getByText(DID)).toBeTruthy();
    expect(avatarImage().getAttribute('src')).toBe(`${USER}/avatar/${DID}?size=192`);
    // An identicon is not an uploaded picture: there is nothing to remove.
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveProperty('disabled', true);
  });

  it('says when no wallet is linked and no email is known', async () => {
    signedIn = { ...ann, walletAddress: null, email: null };
    renderPage();
    expect(await screen.findByText('No wallet linked')).toBeTruthy();
    expect(screen.getByText('No email address')).toBeTruthy();
  });

  it('saves the name, trimmed, with PUT /profile, says so, and reads the session again', async () => {
    const user = userEvent.setup();
    renderPage();
    const field = await screen.findByLabelText('Name');
    await user.clear(field);
    await user.type(field, '  Ann Lee ');
    const sessionReads = sent('GET', '/session').length;
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your name is saved.')).toBeTruthy();
    expect(sent('PUT', '/profile').map((request) => request.body)).toEqual([{ fullName: 'Ann Lee' }]);
    await waitFor(() => expect(sent('GET', '/session').length).toBe(sessionReads + 1));
  });

  it('refuses an empty name without asking the server', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.clear(await screen.findByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A name has 1 to 60 characters.')).toBeTruthy();
    expect(sent('PUT', '/profile')).toEqual([]);
  });

  it('refuses a picture over 2 MB before uploading it, in the words the server would use', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.upload(await screen.findByLabelText('Upload'), pictureFile(AVATAR_MAX_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The picture is larger than 2 MB. Choose a smaller one.',
    );
    expect(sent('PUT', '/avatar')).toEqual([]);

    // The server's refusal of the same reads the same.
    refuse = {
      status: 413,
      body: { error: { code: 'AVATAR_TOO_LARGE', message: 'The picture is larger than 2 MB' } },
    };
    await user.upload(screen.getByLabelText('Upload'), pictureFile(1_000));
    await waitFor(() => expect(sent('PUT', '/avatar')).toHaveLength(1));
    expect(screen.getByRole('alert').textContent).toBe(
      'The picture is larger than 2 MB. Choose a smaller one.',
    );
  });

  it('uploads a picture as a data URL and shows the new one', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.upload(await screen.findByLabelText('Upload'), pictureFile(1_000, 'image/webp'));

    expect(await screen.findByText('Your new picture is saved.')).toBeTruthy();
    const [upload] = sent('PUT', '/avatar');
    expect((upload?.body as { image: string }).image).toMatch(/^data:image\/webp;base64,iYmJ/);
    await waitFor(() =>
      expect(avatarImage().getAttribute('src')).toBe(`${USER}/avatar/${DID}?v=new-picture&size=192`),
    );
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveProperty('disabled', false);
  });

  it("shows the server's refusal of a file that is no picture", async () => {
    refuse = {
      status: 400,
      body: {
        error: { code: 'AVATAR_INVALID', message: 'The file is not a PNG, JPEG, WebP or GIF picture' },
      },
    };
    const user = userEvent.setup();
    renderPage();
    await user.upload(await screen.findByLabelText('Upload'), pictureFile(1_000));
    expect(await screen.findByText('This file is not a PNG, JPEG, WebP or GIF picture.')).toBeTruthy();
  });

  it('removes an uploaded picture with DELETE /avatar', async () => {
    signedIn = { ...ann, avatar: `${USER}/avatar/${DID}?v=old-picture` };
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your picture is removed; your identicon shows instead.')).toBeTruthy();
    expect(sent('DELETE', '/avatar')).toHaveLength(1);
    await waitFor(() => expect(avatarImage().getAttribute('src')).toBe(`${USER}/avatar/${DID}?size=192`));
  });

  it('copies the DID', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy DID' }));
    expect(await screen.findByRole('button', { name: 'DID copied' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(DID);
  });

  it('speaks Chinese', async () => {
    signedIn = { ...ann, walletAddress: null };
    renderPage('zh');
    expect(await screen.findByRole('heading', { name: '个人资料' })).toBeTruthy();
    expect(screen.getByText('未绑定钱包')).toBeTruthy();
    const passports = screen.getByText('通行证').parentElement!;
    expect(within(passports).getByText('所有者')).toBeTruthy();
    expect(screen.getByRole('button', { name: '上传' })).toBeTruthy();
  });
  it('lists the apps the user bought, a download for each licence that holds, and their invoices', async () => {
    const licence = (id: string, title: string, status: OwnLicence['status']): OwnLicence => ({
      id,
      appDid: `did:key:z6Mk${id.padEnd(44, 'a')}`,
      buyerDid: DID,
      versionRange: '*',
      status,
      issuedAt: 1_800_000_000,
      revokedAt: status === 'revoked' ? 1_800_000_100 : null,
      checkoutSessionId: `cs_${id}`,
      token: 'x.y.z',
      app: { name: title.toLowerCase().replace(' ', '-'), title },
    });
    licences = [licence('one', 'Receipt OCR', 'active'), licence('two', 'Team Notes', 'revoked')];
    renderPage();
    const apps = await screen.findByRole('region', { name: 'Apps you bought' });
    expect(await within(apps).findByRole('link', { name: 'Receipt OCR' })).toHaveProperty(
      'pathname',
      `/apps/${licences[0]!.appDid}`,
    );
    expect(within(apps).getByText('Licensed')).toBeTruthy();
    expect(within(apps).getByText('Refunded')).toBeTruthy();
    expect(within(apps).getAllByText('Bought on 2027-01-15')).toHaveLength(2);
    // A refunded licence downloads nothing.
    const downloads = within(apps).getAllByRole('link', { name: /^Download/ });
    expect(downloads.map((link) => link.getAttribute('href'))).toEqual([
      `/api/apps/${licences[0]!.appDid}/bundle`,
    ]);
    expect(screen.getByRole('region', { name: 'Invoices' })).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/payment-kit/api/invoices')).toBe(true),
    );
  });

  it('says so when nothing was bought, in Chinese', async () => {
    renderPage('zh');
    expect(await screen.findByText('你还没有购买任何应用。')).toBeTruthy();
    expect(screen.getByRole('region', { name: '账单' })).toBeTruthy();
  });
});
