import type { SessionUser } from '@bazaar/schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentKitOutlet } from '../../test-utils/payment-kit-outlet.tsx';
import { renderStoreRoute } from '../../test-utils/render-store-route.tsx';
import { createStoreApiStub, refusal } from '../../test-utils/store-api-stub.ts';
import { APP_DID, USERS } from '../../test-utils/store-builders.ts';
import {
  CATEGORIES,
  makeAppPage,
  makeDownloadSeries,
  makeLicence,
} from '../../test-utils/visitor-builders.ts';
import { appRoutes } from './app-routes.tsx';

// The Payment Kit's checkout has its own tests; here it is a form that is paid at a click.
vi.mock('../../components/inline-checkout.tsx', () => ({
  InlineCheckout: ({ paymentLinkId, onPaid }: { paymentLinkId: string; onPaid(): void }) => (
    <button type="button" onClick={onPaid}>
      {`Pay ${paymentLinkId}`}
    </button>
  ),
}));

const api = createStoreApiStub();
const APP_PATH = `/api/apps/${APP_DID}`;
const PURCHASE_PATH = `${APP_PATH}/purchase`;

/** The bundle's markdown files, which the server answers as text rather than JSON. */
const documents = new Map<string, string>();
const documentsAsked: string[] = [];

/** The relay's socket, which the comments listen on: here it never connects, and nothing is heard. */
class SilentSocket extends EventTarget {
  send() {}
  close() {}
}

beforeAll(() => {
  api.install();
  vi.stubGlobal('WebSocket', SilentSocket);
  const stubFetch = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = decodeURIComponent(new URL(String(input), 'http://localhost').pathname);
    const text = documents.get(path);
    if (text === undefined) return stubFetch(input, init);
    documentsAsked.push(path);
    return new Response(text, { headers: { 'content-type': 'text/markdown; charset=utf-8' } });
  };
});
/** Who looks (null: a visitor), and what every app page reads beside the app. */
function signIn(user: SessionUser | null) {
  api.reset(user);
  api.on('GET', '/api/categories', { body: { list: CATEGORIES, count: CATEGORIES.length } });
  api.on('GET', `${APP_PATH}/downloads`, { body: makeDownloadSeries([4, 0, 6]) });
  api.on('GET', `${APP_PATH}/comments`, { body: { list: [], count: 0 } });
}

beforeEach(() => {
  signIn(null);
  documents.clear();
  documentsAsked.length = 0;
});
afterEach(cleanup);

const asset = (path: string, version = '1.2.0') => `${APP_PATH}/versions/${version}/assets/${path}`;

function openPage(path = `/apps/${APP_DID}`, locale: 'en' | 'zh' = 'en') {
  renderStoreRoute(path, <Route element={<PaymentKitOutlet />}>{appRoutes}</Route>, { locale });
}

describe('AppPage', () => {
  it('shows a published free app: who made it, what it costs, its readme, facts, versions and downloads, and downloads it', async () => {
    api.on('GET', APP_PATH, { body: makeAppPage() });
    documents.set(
      asset('README.md'),
      '# Weather Board\n\nForecasts **every hour**.\n\n| City | Days |\n| --- | --- |\n| Oslo | 7 |',
    );
    documents.set(asset('CHANGELOG.md'), '## 1.2.0\n\n- Radar maps');
    openPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Weather Board' })).toBeTruthy();
    expect(screen.getByText('by Mia')).toBeTruthy();
    expect(screen.getByText('Version 1.2.0')).toBeTruthy();
    expect(screen.getByText('Free')).toBeTruthy();
    expect(screen.getByText('Free to download')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Tools' })).getAttribute('href')).toBe('/category/tools');
    expect(await screen.findByText('12,345 downloads · 10 in the last 30 days')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      `/api/apps/${encodeURIComponent(APP_DID)}/bundle`,
    );

    const readme = screen.getByRole('region', { name: 'About this app' });
    expect(await within(readme).findByRole('heading', { name: 'Weather Board' })).toBeTruthy();
    expect(within(readme).getByText('every hour').tagName).toBe('STRONG');
    expect(within(readme).getByRole('table')).toBeTruthy();
    const changelog = screen.getByRole('region', { name: 'Changelog' });
    expect(await within(changelog).findByText('Radar maps')).toBeTruthy();

    const facts = screen.getByRole('region', { name: 'Details' });
    expect(within(facts).getByText('MIT')).toBeTruthy();
    expect(within(facts).getByText('1.5 MB')).toBeTruthy();
    expect(within(facts).getByText('sha512-W2VhdGhlcg==')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'chart-kit' }).getAttribute('href')).toBe(
      '/apps/did:key:z6MkfQ1dependencyDidForTheTests1234567890abcdef',
    );
    expect(within(facts).getByText('left-pad').closest('a')).toBeNull();

    const versions = screen.getByRole('list', { name: 'Versions' });
    expect(
      within(versions)
        .getByRole('link', { name: /1\.0\.0/ })
        .getAttribute('href'),
    ).toBe(`/apps/${APP_DID}/1.0.0`);
    expect(
      within(versions)
        .getByRole('link', { name: /1\.2\.0/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByRole('img', { name: 'Downloads per day: 10 in the last 30 days' })).toBeTruthy();
    expect(api.sent('GET', `${APP_PATH}/downloads`)[0]!.query.get('days')).toBe('30');
    expect(await screen.findByRole('region', { name: 'Comments' })).toBeTruthy();
    // A free app asks nothing about purchases.
    expect(api.sent('GET', PURCHASE_PATH)).toEqual([]);
  });

  it('opens a version of its own, whose download is that version', async () => {
    api.on('GET', APP_PATH, (request) => ({
      body: makeAppPage({ version: request.query.get('version') ?? '1.2.0' }),
    }));
    openPage(`/apps/${APP_DID}/1.0.0`);
    expect(await screen.findByText('Version 1.0.0')).toBeTruthy();
    expect(api.sent('GET', APP_PATH)[0]!.query.get('version')).toBe('1.0.0');
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      `/api/apps/${encodeURIComponent(APP_DID)}/versions/1.0.0/bundle`,
    );
  });

  it('enlarges a screenshot from the strip', async () => {
    api.on('GET', APP_PATH, {
      body: makeAppPage({ readmeUrls: { en: null, zh: null }, changelogUrl: null }),
    });
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Enlarge screenshot 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Weather Board, screenshot 2 of 2' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(asset('shots/two.png'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("sends a visitor to sign in before buying a paid app, coming back to the app's page", async () => {
    api.on('GET', APP_PATH, { body: makeAppPage({ price: { amount: '9.99', currency: 'USD' } }) });
    openPage();
    const signIn = await screen.findByRole('link', { name: 'Sign in to buy for 9.99 USD' });
    expect(signIn.getAttribute('href')).toBe(
      `/.well-known/service/user/login?redirect=${encodeURIComponent(window.location.pathname)}`,
    );
    expect(screen.getByText('9.99 USD')).toBeTruthy();
    expect(screen.getByText('One-time purchase')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('buys a paid app in the checkout dialog, then shows it purchased with its download once the licence arrives', async () => {
    signIn(USERS.member);
    api.on('GET', APP_PATH, { body: makeAppPage({ price: { amount: '9.99', currency: 'USD' } }) });
    const price = { amount: '9.99', currency: 'USD' };
    api.on('GET', PURCHASE_PATH, { body: { price, licence: null, owned: false } });
    api.on('POST', PURCHASE_PATH, { body: { paymentLinkId: 'plink_app_1' } });
    const user = userEvent.setup();
    openPage();

    await user.click(await screen.findByRole('button', { name: 'Buy for 9.99 USD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Weather Board' });
    await user.click(await within(dialog).findByRole('button', { name: 'Pay plink_app_1' }));
    expect(within(dialog).getByRole('status').textContent).toMatch(/Payment received/);

    // The Payment Kit tells the Store; the Store grants the licence, which the page is polling for.
    api.on('GET', PURCHASE_PATH, { body: { price, licence: makeLicence(), owned: false } });
    expect(await screen.findByText('Purchased', {}, { timeout: 3_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy();
    expect(api.sent('POST', PURCHASE_PATH)).toHaveLength(1);
  });

  it("lets a paid app's owner download it without buying", async () => {
    signIn(USERS.member);
    api.on('GET', APP_PATH, { body: makeAppPage({ price: { amount: '9.99', currency: 'USD' } }) });
    api.on('GET', PURCHASE_PATH, {
      body: { price: { amount: '9.99', currency: 'USD' }, licence: null, owned: true },
    });
    openPage();
    expect(await screen.findByRole('link', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByText('Purchased')).toBeNull();
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
  });

  it('shows a visitor only that a blocked app has been blocked by store admin', async () => {
    api.on('GET', APP_PATH, refusal(403, 'APP_BLOCKED'));
    openPage(`/app/${APP_DID}`);
    expect(await screen.findByText('This app has been blocked by store admin')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '403' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it("shows a blocked app's manager the page under the block's banner, with its review status", async () => {
    signIn(USERS.member);
    api.on('GET', APP_PATH, {
      body: makeAppPage({
        isBlocked: true,
        management: { latestVersion: '1.3.0', latestStatus: 'inReview', blockedReason: 'Ships a tracker' },
      }),
    });
    openPage();
    const banner = await screen.findByText('This app has been blocked by store admin');
    expect(
      within(banner.closest('[role="alert"]')! as HTMLElement).getByText('Reason: Ships a tracker'),
    ).toBeTruthy();
    expect(screen.getByText('Latest upload: 1.3.0')).toBeTruthy();
    expect(screen.getByText('In review')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe(
      `/developer/apps/${encodeURIComponent(APP_DID)}`,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Weather Board' })).toBeTruthy();
  });

  it("reads the readme in the visitor's language, else the English one", async () => {
    api.on('GET', APP_PATH, { body: makeAppPage({ changelogUrl: null }) });
    documents.set(asset('README.md'), 'In English');
    documents.set(asset('README.zh.md'), '中文说明');
    openPage(`/apps/${APP_DID}`, 'zh');
    expect(await screen.findByText('中文说明')).toBeTruthy();
    cleanup();

    api.on('GET', APP_PATH, {
      body: makeAppPage({ changelogUrl: null, readmeUrls: { en: asset('README.md'), zh: null } }),
    });
    openPage(`/apps/${APP_DID}`, 'zh');
    expect(await screen.findByText('In English')).toBeTruthy();
    expect(screen.getByRole('region', { name: '应用介绍' })).toBeTruthy();
    expect(documentsAsked).toEqual([asset('README.zh.md'), asset('README.md')]);
  });

  it("never runs a readme's HTML or script links, and points its relative images into the bundle", async () => {
    api.on('GET', APP_PATH, { body: makeAppPage({ changelogUrl: null }) });
    documents.set(
      asset('README.md'),
      [
        'Hello <img src=x onerror="alert(1)"> there',
        '',
        '<script>window.hacked = true</script>',
        '',
        '[click](javascript:alert(1)) and [site](https://example.com)',
        '',
        '![map](docs/map.png)',
      ].join('\n'),
    );
    openPage();
    const readme = await screen.findByRole('region', { name: 'About this app' });
    await within(readme).findByText(/Hello/);
    expect(readme.querySelector('script')).toBeNull();
    expect(readme.querySelector('img[src="x"]')).toBeNull();
    expect(within(readme).getByText('click').getAttribute('href')).toBeFalsy();
    const outside = within(readme).getByRole('link', { name: 'site' });
    expect(outside.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(within(readme).getByRole('img', { name: 'map' }).getAttribute('src')).toBe(asset('docs/map.png'));
  });

  it("shows the spec's 404 page for an app that is not there, with the way home", async () => {
    api.on('GET', APP_PATH, refusal(404, 'NOT_FOUND'));
    openPage();
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the store' }).getAttribute('href')).toBe('/');
  });

  it('says "Sorry, something went wrong." in Chinese too when the server fails', async () => {
    api.on('GET', APP_PATH, refusal(500, 'INTERNAL'));
    openPage(`/apps/${APP_DID}`, 'zh');
    expect(await screen.findByRole('heading', { name: '500' })).toBeTruthy();
    expect(screen.getByText('抱歉，出了点问题。')).toBeTruthy();
  });
  it("tips the app's developer through the tip jar the Store's server keeps, and hides it when that fails", async () => {
    api.on('GET', APP_PATH, { body: makeAppPage() });
    const mountLocation = `store/app/${APP_DID}`;
    api.on('POST', `${APP_PATH}/donation`, {
      body: { mountLocation, componentDid: 'did:bazaar:store', target: APP_DID },
    });
    openPage();
    const section = await screen.findByRole('region', { name: 'Support this app' });
    expect(within(section).getByText(/Liked Weather Board\? Leave a tip/)).toBeTruthy();
    // The widget loads the kit's setting of the app's own mount location, never naming beneficiaries.
    await waitFor(() => expect(api.sent('POST', '/payment-kit/api/settings')).toHaveLength(1));
    expect(api.sent('POST', '/payment-kit/api/settings')[0]!.body).toMatchObject({ mountLocation });
    expect(JSON.stringify(api.sent('POST', '/payment-kit/api/settings')[0]!.body)).not.toContain(
      'beneficiaries',
    );

    cleanup();
    signIn(null);
    api.on('GET', APP_PATH, { body: makeAppPage() });
    api.on('POST', `${APP_PATH}/donation`, refusal(503, 'INTERNAL'));
    openPage();
    await screen.findByRole('heading', { level: 1, name: 'Weather Board' });
    await waitFor(() => expect(api.sent('POST', `${APP_PATH}/donation`)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Support this app' })).toBeNull();
  });
  it('lists where the app runs, as its installs reported themselves, and nothing when none did', async () => {
    api.on('GET', APP_PATH, { body: makeAppPage() });
    api.on('GET', `${APP_PATH}/instances`, {
      body: {
        list: [
          {
            url: 'https://notes.example.com',
            owner: 'Example Co',
            status: 'active',
            lastReportedAt: 1_800_000_000,
          },
          { url: 'http://old.example.org', owner: 'Bea', status: 'inactive', lastReportedAt: 1_790_000_000 },
        ],
        count: 3,
      },
    });
    openPage();
    const section = await screen.findByRole('region', { name: 'Where it runs' });
    const link = within(section).getByRole('link', { name: 'notes.example.com' });
    expect(link.getAttribute('href')).toBe('https://notes.example.com');
    expect(link.getAttribute('rel')).toBe('nofollow noopener');
    expect(within(section).getByText('Run by Example Co · last heard 2027-01-15')).toBeTruthy();
    expect(within(section).getByText('Active')).toBeTruthy();
    expect(within(section).getByText('Inactive')).toBeTruthy();
    expect(within(section).getByText('and 1 more')).toBeTruthy();

    cleanup();
    signIn(null);
    api.on('GET', APP_PATH, { body: makeAppPage() });
    api.on('GET', `${APP_PATH}/instances`, { body: { list: [], count: 0 } });
    openPage();
    await screen.findByRole('heading', { level: 1, name: 'Weather Board' });
    await waitFor(() => expect(api.sent('GET', `${APP_PATH}/instances`)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Where it runs' })).toBeNull();
  });
});
