import type { AppListItem } from '@bazaar/schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderStoreRoute } from '../../../test-utils/render-store-route.tsx';
import { createStoreApiStub } from '../../../test-utils/store-api-stub.ts';
import {
  APP_DID,
  DAY,
  makeApp,
  makeAppListItem,
  makeAppVersion,
  page,
  USERS,
} from '../../../test-utils/store-builders.ts';
import { consoleRoutes } from '../console-routes.tsx';

const api = createStoreApiStub();
const didOf = (letter: string) => `did:key:z6Mk${letter.repeat(44)}`;

/** The queue in the server's order: waiting versions first, the longest waiting first. */
const QUEUE: AppListItem[] = [
  makeAppListItem(
    makeApp({ did: didOf('a'), title: 'Calendar', name: 'calendar' }),
    makeAppVersion({ appDid: didOf('a'), status: 'pending' }),
    2 * DAY + 60,
  ),
  makeAppListItem(makeApp({ did: APP_DID }), makeAppVersion({ status: 'inReview' }), 3 * 60 * 60 + 59),
  makeAppListItem(
    makeApp({ did: didOf('c'), title: 'Chess', name: 'chess', currentVersion: '1.0.0' }),
    makeAppVersion({ appDid: didOf('c'), status: 'published' }),
  ),
  makeAppListItem(
    makeApp({ did: didOf('d'), title: 'Spam', name: 'spam', isBlocked: true, blockedReason: 'Malware' }),
    makeAppVersion({ appDid: didOf('d'), status: 'rejected' }),
  ),
];

beforeAll(() => api.install());
afterEach(cleanup);

const openPage = () => renderStoreRoute('/console/apps', consoleRoutes);
const queueRows = async () =>
  within(await screen.findByRole('table', { name: 'Review apps' }))
    .getAllByRole('row')
    .slice(1);

describe('ConsoleAppsPage', () => {
  beforeEach(() => {
    api.reset(USERS.owner);
    api.on('GET', '/api/console/apps', (request) => {
      const status = request.query.get('status');
      return { body: page(QUEUE.filter((item) => !status || item.latestVersion?.status === status)) };
    });
  });

  it('shows the queue in order, the waiting ones first with how long they have waited', async () => {
    openPage();
    const rows = await queueRows();
    expect(
      rows.map((row) => within(row).getAllByText(/^(Calendar|Weather Board|Chess|Spam)$/)[0]!.textContent),
    ).toEqual(['Calendar', 'Weather Board', 'Chess', 'Spam']);
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[0]!).getByText('waiting 2 d')).toBeTruthy();
    expect(within(rows[1]!).getByText('In review')).toBeTruthy();
    expect(within(rows[1]!).getByText('waiting 3 h')).toBeTruthy();
    expect(within(rows[2]!).queryByText(/^waiting/)).toBeNull();
    expect(within(rows[3]!).getByText('Blocked')).toBeTruthy();
    const request = api.sent('GET', '/api/console/apps')[0]!;
    expect([request.query.get('page'), request.query.get('pageSize'), request.query.get('status')]).toEqual([
      '1',
      '10',
      null,
    ]);
  });

  it('filters by status', async () => {
    const user = userEvent.setup();
    openPage();
    await queueRows();
    await user.selectOptions(screen.getByLabelText('Status'), 'Pending');
    await waitFor(() => expect(screen.queryByText('Chess')).toBeNull());
    expect(screen.getByText('Calendar')).toBeTruthy();
    expect(api.sent('GET', '/api/console/apps').at(-1)?.query.get('status')).toBe('pending');
  });

  it("opens an app's review from its title", async () => {
    api.on('GET', '/api/console/apps/:did', {
      body: { app: makeApp(), versions: [makeAppVersion({ status: 'inReview' })], history: [], comments: [] },
    });
    const user = userEvent.setup();
    openPage();
    await user.click(within((await queueRows())[1]!).getByRole('link', { name: 'Weather Board' }));
    expect(await screen.findByRole('button', { name: 'Approve 1.0.0' })).toBeTruthy();
  });
});

describe('ConsoleAppsPage for a member', () => {
  beforeEach(() => api.reset(USERS.member));

  it.each(['/console/apps', `/console/apps/${APP_DID}`])(
    'answers 403 at %s and asks the server for nothing',
    async (path) => {
      renderStoreRoute(path, consoleRoutes);
      expect(await screen.findByRole('heading', { name: '403' })).toBeTruthy();
      expect(screen.getByText('Sorry, you are not authorized to access this page.')).toBeTruthy();
      expect(api.requests.filter((request) => request.path.startsWith('/api/'))).toEqual([]);
    },
  );
});
