import type { CatalogueApp } from '@bazaar/schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Outlet, Route, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentKitOutlet } from '../../test-utils/payment-kit-outlet.tsx';
import { renderStoreRoute } from '../../test-utils/render-store-route.tsx';
import { createStoreApiStub, refusal, type SentRequest } from '../../test-utils/store-api-stub.ts';
import { CATEGORIES, makeCatalogueApp } from '../../test-utils/visitor-builders.ts';
import { catalogueRoutes } from './catalogue-routes.tsx';

const api = createStoreApiStub();

const weather = makeCatalogueApp();
const chess = makeCatalogueApp({
  did: 'did:key:z6MkchessChessChessChessChessChessChessChessChess1',
  name: 'chess',
  title: 'Chess Club',
  description: 'Play chess with your team.',
  category: 'games',
  downloads: 80,
  price: { amount: '4.99', currency: 'USD' },
});

/** Where the page is, as the address bar would show it. */
function AddressBar() {
  const location = useLocation();
  return (
    <>
      <output aria-label="Address">{`${location.pathname}${location.search}`}</output>
      <Outlet />
    </>
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
const listRequests = (): SentRequest[] => api.sent('GET', '/api/apps');
const queryOf = (request: SentRequest) => Object.fromEntries(request.query);

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(null);
  api.on('GET', '/api/categories', { body: { list: CATEGORIES, count: CATEGORIES.length } });
  api.on('GET', '/api/apps/explore', {
    body: {
      trending: [weather, chess],
      recentlyUpdated: [chess],
      categories: [{ category: CATEGORIES[0], count: 3, apps: [weather] }],
    },
  });
  api.on('GET', '/api/apps', { body: { list: [weather, chess], count: 2 } });
});
afterEach(cleanup);

function openCatalogue(path = '/', locale: 'en' | 'zh' = 'en') {
  renderStoreRoute(
    path,
    <Route element={<AddressBar />}>
      <Route element={<PaymentKitOutlet />}>{catalogueRoutes}</Route>
    </Route>,
    { locale },
  );
}

describe('CataloguePage', () => {
  it("opens on the home page's sections, every app a page at a time, and the Store's tip jar", async () => {
    openCatalogue();
    expect(screen.getByRole('heading', { level: 1, name: 'Apps for your platform' })).toBeTruthy();
    const trending = await screen.findByRole('list', { name: 'Trending' });
    expect(
      within(trending)
        .getAllByRole('heading', { level: 3 })
        .map((each) => each.textContent),
    ).toEqual(['Weather Board', 'Chess Club']);
    expect(
      within(trending)
        .getByRole('link', { name: /Weather Board/ })
        .getAttribute('href'),
    ).toBe(`/apps/${weather.did}`);
    expect(within(trending).getByText('4.99 USD')).toBeTruthy();
    expect(within(trending).getByText('1,200 downloads')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Recently updated' })).toBeTruthy();
    const tools = screen.getByRole('region', { name: 'Tools' });
    expect(within(tools).getByRole('link', { name: 'See all 3' }).getAttribute('href')).toBe(
      '/category/tools',
    );

    const all = screen.getByRole('region', { name: 'All apps' });
    expect(await within(all).findByText('2 apps')).toBeTruthy();
    expect(queryOf(listRequests()[0]!)).toEqual({ sortBy: 'downloads', page: '1', pageSize: '10' });
    expect(screen.getByRole('region', { name: 'Support this Store' })).toBeTruthy();
  });

  it('searches once typing pauses, keeps the keyword in the address, and marks the matches', async () => {
    api.on('GET', '/api/apps', (request) => {
      const keyword = request.query.get('keyword');
      if (!keyword) return { body: { list: [weather, chess], count: 2 } };
      const found: CatalogueApp = {
        ...weather,
        highlight: {
          title: [
            { text: 'Wea', match: true },
            { text: 'ther <b>Board</b>', match: false },
          ],
          description: [{ text: '…on your dashboard', match: false }],
        },
      };
      return { body: { list: [found], count: 1 } };
    });
    const user = userEvent.setup();
    openCatalogue();
    await screen.findByText('2 apps');

    await user.type(screen.getByRole('searchbox', { name: 'Search apps' }), 'wea');
    // Typed, not yet asked: the address and the server wait for the pause.
    expect(address()).toBe('/');
    expect(listRequests().filter((request) => request.query.has('keyword'))).toEqual([]);

    await waitFor(() => expect(address()).toBe('/search?keyword=wea'));
    const results = await screen.findByRole('region', { name: 'Search results' });
    expect(await within(results).findByText('1 app for “wea”')).toBeTruthy();
    const searches = listRequests().filter((request) => request.query.has('keyword'));
    expect(searches.map(queryOf)).toEqual([
      { keyword: 'wea', sortBy: 'relevance', page: '1', pageSize: '10' },
    ]);

    const mark = within(results).getByText('Wea');
    expect(mark.tagName).toBe('MARK');
    // What the server sends is text: a tag in it is shown, never made an element.
    expect(within(results).getByText(/ther <b>Board<\/b>/)).toBeTruthy();
    expect(results.querySelector('b')).toBeNull();
    expect(within(results).getByText('…on your dashboard')).toBeTruthy();
    // A search hides the home page's sections and keeps what is typed in the box.
    expect(screen.queryByRole('list', { name: 'Trending' })).toBeNull();
    expect((screen.getByRole('searchbox', { name: 'Search apps' }) as HTMLInputElement).value).toBe('wea');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveProperty('value', 'relevance');

    // Going on typing (the box kept its focus from / to /search) refines the same search.
    await user.keyboard('ther');
    await waitFor(() => expect(address()).toBe('/search?keyword=weather'));
    expect((screen.getByRole('searchbox', { name: 'Search apps' }) as HTMLInputElement).value).toBe(
      'weather',
    );
  });

  it('filters by category and price and sorts, each kept in the address', async () => {
    const user = userEvent.setup();
    openCatalogue();
    await screen.findByText('2 apps');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Games');
    await waitFor(() => expect(address()).toBe('/category/games'));
    expect(await screen.findByRole('region', { name: 'Games' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Trending' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Price' }), 'Paid');
    await waitFor(() => expect(address()).toBe('/category/games?price=paid'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Title');
    await waitFor(() => expect(address()).toBe('/category/games?price=paid&sortBy=title'));
    await waitFor(() =>
      expect(queryOf(listRequests().at(-1)!)).toEqual({
        category: 'games',
        price: 'paid',
        sortBy: 'title',
        page: '1',
        pageSize: '10',
      }),
    );
    // Relevance sorts searches only.
    expect(
      within(screen.getByRole('combobox', { name: 'Sort by' })).queryByRole('option', { name: 'Relevance' }),
    ).toBeNull();
  });

  it('keeps the page, its size and the sort direction in the address, and starts again on a new filter', async () => {
    api.on('GET', '/api/apps', { body: { list: [weather, chess], count: 45 } });
    const user = userEvent.setup();
    openCatalogue('/search?sortBy=title&page=2&pageSize=20');
    expect(await screen.findByText('45 apps')).toBeTruthy();
    expect(queryOf(listRequests()[0]!)).toEqual({ sortBy: 'title', page: '2', pageSize: '20' });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(address()).toBe('/search?sortBy=title&page=3&pageSize=20'));
    await waitFor(() => expect(queryOf(listRequests().at(-1)!)).toMatchObject({ page: '3' }));

    // A to Z reads upwards; turning it round is asked of the server.
    const direction = screen.getByRole('group', { name: 'Sort direction' });
    expect(within(direction).getByRole('button', { name: 'Ascending' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(within(direction).getByRole('button', { name: 'Descending' }));
    await waitFor(() => expect(address()).toBe('/search?sortBy=title&sortDirection=desc&pageSize=20'));
    await waitFor(() =>
      expect(queryOf(listRequests().at(-1)!)).toEqual({
        sortBy: 'title',
        sortDirection: 'desc',
        page: '1',
        pageSize: '20',
      }),
    );

    // Another sort reads its own way again.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Most downloaded');
    await waitFor(() => expect(address()).toBe('/search?sortBy=downloads&pageSize=20'));
    expect(within(direction).getByRole('button', { name: 'Descending' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('offers no direction for relevance, and ignores a page the address cannot mean', async () => {
    openCatalogue('/search?keyword=weather&page=-3&pageSize=7');
    await waitFor(() => expect(listRequests()).toHaveLength(1));
    expect(queryOf(listRequests()[0]!)).toEqual({
      keyword: 'weather',
      sortBy: 'relevance',
      page: '1',
      pageSize: '10',
    });
    expect(screen.queryByRole('group', { name: 'Sort direction' })).toBeNull();
  });

  it('reads its filters from the address it is opened at', async () => {
    openCatalogue('/category/tools?keyword=weather&price=free');
    expect(await screen.findByRole('region', { name: 'Tools' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search apps' }) as HTMLInputElement).value).toBe(
      'weather',
    );
    expect(screen.getByRole('combobox', { name: 'Price' })).toHaveProperty('value', 'free');
    await waitFor(() => expect(listRequests()).toHaveLength(1));
    expect(queryOf(listRequests()[0]!)).toEqual({
      keyword: 'weather',
      category: 'tools',
      price: 'free',
      sortBy: 'relevance',
      page: '1',
      pageSize: '10',
    });
  });

  it('says when nothing matches, and clears the search and filters on request', async () => {
    api.on('GET', '/api/apps', (request) =>
      request.query.has('keyword')
        ? { body: { list: [], count: 0 } }
        : { body: { list: [weather, chess], count: 2 } },
    );
    const user = userEvent.setup();
    openCatalogue('/search?keyword=nothing-like-it&price=paid');
    expect(await screen.findByRole('heading', { name: 'No apps match' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Clear search and filters' }));
    await waitFor(() => expect(address()).toBe('/'));
    expect((screen.getByRole('searchbox', { name: 'Search apps' }) as HTMLInputElement).value).toBe('');
    expect(await screen.findByRole('list', { name: 'Trending' })).toBeTruthy();
  });

  it('says "Request apps Error, please try again later" when the list fails, in Chinese too', async () => {
    api.on('GET', '/api/apps', refusal(500, 'INTERNAL'));
    api.on('GET', '/api/apps/explore', refusal(500, 'INTERNAL'));
    openCatalogue('/search?price=free');
    expect(await screen.findByText('Request apps Error, please try again later')).toBeTruthy();
    cleanup();

    openCatalogue('/', 'zh');
    expect(await screen.findAllByText('请求应用出错，请稍后重试')).toHaveLength(2);
  });
});
