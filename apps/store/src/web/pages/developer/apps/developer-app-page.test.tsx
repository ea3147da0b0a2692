import type { AppDetail, AppVersionStatus, DeveloperVersionAction, UpdateAppBody } from '@bazaar/schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderStoreRoute } from '../../../test-utils/render-store-route.tsx';
import { createStoreApiStub, refusal } from '../../../test-utils/store-api-stub.ts';
import {
  APP_DID,
  DAY,
  makeApp,
  makeAppComment,
  makeAppHistoryEntry,
  makeAppVersion,
  makeDeveloper,
  TEST_NOW,
  USERS,
} from '../../../test-utils/store-builders.ts';
import { developerRoutes } from '../developer-routes.tsx';

const api = createStoreApiStub();
const APP_PATH = `/api/developer/apps/${APP_DID}`;
const versionPath = (version: string) => `${APP_PATH}/versions/${version}`;

/** Where the stub moves a version; the real rules are the server's (and its own tests'). */
const MOVES: Record<DeveloperVersionAction, AppVersionStatus> = {
  requestReview: 'pending',
  cancelReview: 'cancelled',
  publish: 'published',
};

let detail: AppDetail;

/** The app as the server keeps it: actions move versions, settings change the app, comments append. */
function serveApp(initial: AppDetail) {
  detail = initial;
  api.on('GET', APP_PATH, () => ({ body: detail }));
  api.on('PUT', `${APP_PATH}/versions/:version`, (request, { version }) => {
    const status = MOVES[(request.body as { action: DeveloperVersionAction }).action];
    detail = {
      ...detail,
      versions: detail.versions.map((each) => (each.version === version ? { ...each, status } : each)),
    };
    const moved = detail.versions.find((each) => each.version === version)!;
    return { body: { app: detail.app, version: moved, published: status === 'published' } };
  });
  api.on('PUT', APP_PATH, (request) => {
    detail = { ...detail, app: { ...detail.app, ...(request.body as UpdateAppBody) } };
    return { body: detail.app };
  });
  api.on('POST', `${APP_PATH}/versions/:version/comments`, (request, { version }) => {
    const comment = makeAppComment({
      id: `sac_${detail.comments.length + 1}`,
      version,
      authorDid: USERS.member.did,
      authorKind: 'developer',
      body: (request.body as { body: string }).body,
      createdAt: TEST_NOW,
    });
    detail = { ...detail, comments: [...detail.comments, comment] };
    return { body: comment };
  });
}

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.member);
  api.on('GET', '/api/developer/me', {
    body: { developer: makeDeveloper(), permissionMode: 'invitation', stake: null },
  });
});
afterEach(cleanup);

const openPage = () => renderStoreRoute(`/developer/apps/${APP_DID}`, developerRoutes);
const versionsTable = () => screen.findByRole('table', { name: 'Versions' });
const rowOf = async (version: string) =>
  within(await versionsTable())
    .getByText(version)
    .closest('tr')!;

describe('DeveloperAppPage', () => {
  it('offers a draft that needs a review "Request review" (not Publish), and sends it', async () => {
    serveApp({ app: makeApp(), versions: [makeAppVersion()], history: [], comments: [] });
    const user = userEvent.setup();
    openPage();
    const row = await rowOf('1.0.0');
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Publish 1.0.0' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Cancel/ })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Request review of 1.0.0' }));
    expect(await screen.findByText('Review requested for 1.0.0.')).toBeTruthy();
    expect(api.sent('PUT', versionPath('1.0.0')).map((request) => request.body)).toEqual([
      { action: 'requestReview' },
    ]);
    await waitFor(async () => expect(within(await rowOf('1.0.0')).getByText('Pending')).toBeTruthy());
  });

  it('offers only the latest upload for review, and publishing a draft when the app needs no review', async () => {
    serveApp({
      app: makeApp({ reviewType: 'first', currentVersion: '1.0.0', latestVersion: '1.2.0' }),
      versions: [
        makeAppVersion({ version: '1.2.0' }),
        makeAppVersion({ version: '1.1.0' }),
        makeAppVersion({ version: '1.0.0', status: 'published', publishedAt: TEST_NOW - 2 * DAY }),
      ],
      history: [],
      comments: [],
    });
    openPage();
    const latest = await rowOf('1.2.0');
    expect(within(latest).getByRole('button', { name: 'Request review of 1.2.0' })).toBeTruthy();
    expect(within(latest).getByRole('button', { name: 'Publish 1.2.0' })).toBeTruthy();
    const older = await rowOf('1.1.0');
    expect(within(older).queryByRole('button', { name: 'Request review of 1.1.0' })).toBeNull();
    expect(within(older).getByRole('button', { name: 'Publish 1.1.0' })).toBeTruthy();
    expect(within(await rowOf('1.0.0')).queryAllByRole('button')).toEqual([]);
  });

  it('offers an approved version Publish, and publishes it', async () => {
    serveApp({
      app: makeApp(),
      versions: [makeAppVersion({ status: 'approved' })],
      history: [],
      comments: [],
    });
    const user = userEvent.setup();
    openPage();
    const row = await rowOf('1.0.0');
    expect(within(row).queryByRole('button', { name: 'Request review of 1.0.0' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Publish 1.0.0' }));
    expect(await screen.findByText('1.0.0 is published.')).toBeTruthy();
    expect(api.sent('PUT', versionPath('1.0.0')).map((request) => request.body)).toEqual([
      { action: 'publish' },
    ]);
  });

  it("words the server's refusal and shows the version as it now is", async () => {
    serveApp({
      app: makeApp(),
      versions: [makeAppVersion({ status: 'approved' })],
      history: [],
      comments: [],
    });
    api.on('PUT', `${APP_PATH}/versions/:version`, () => {
      // An admin's change the page has not seen yet: the review was cancelled meanwhile.
      detail = { ...detail, versions: [makeAppVersion({ status: 'cancelled' })] };
      return refusal(409, 'VERSION_STATE_INVALID');
    });
    const user = userEvent.setup();
    openPage();
    await user.click(within(await rowOf('1.0.0')).getByRole('button', { name: 'Publish 1.0.0' }));
    expect(
      await screen.findByText(
        "This version's review status does not allow that (any more). The page now shows its current status.",
      ),
    ).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf('1.0.0')).getByText('Cancelled')).toBeTruthy());
    expect(within(await rowOf('1.0.0')).queryByRole('button', { name: 'Publish 1.0.0' })).toBeNull();
  });

  it('cancels a review only once confirmed', async () => {
    serveApp({
      app: makeApp(),
      versions: [makeAppVersion({ status: 'pending' })],
      history: [],
      comments: [],
    });
    const user = userEvent.setup();
    openPage();
    await user.click(
      within(await rowOf('1.0.0')).getByRole('button', { name: 'Cancel the review of 1.0.0' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel the review of 1.0.0?' });
    expect(within(dialog).getByText(/Cancelling is final/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('PUT', versionPath('1.0.0'))).toEqual([]);

    await user.click(
      within(await rowOf('1.0.0')).getByRole('button', { name: 'Cancel the review of 1.0.0' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel the review of 1.0.0?' })).getByRole('button', {
        name: 'Cancel review',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PUT', versionPath('1.0.0')).map((request) => request.body)).toEqual([
      { action: 'cancelReview' },
    ]);
  });

  it('shows the history and the review thread, and sends a reply', async () => {
    serveApp({
      app: makeApp(),
      versions: [makeAppVersion({ status: 'inReview' })],
      history: [
        makeAppHistoryEntry(),
        makeAppHistoryEntry({ id: 'sah_2', fromStatus: 'draft', toStatus: 'pending' }),
        makeAppHistoryEntry({
          id: 'sah_3',
          fromStatus: 'pending',
          toStatus: 'inReview',
          actorDid: USERS.owner.did,
          actorKind: 'admin',
          reason: 'Looking at it',
          createdAt: TEST_NOW,
        }),
      ],
      comments: [makeAppComment()],
    });
    const user = userEvent.setup();
    openPage();

    const history = await screen.findByRole('list', { name: 'History' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(within(entries[0]!).getByText('Uploaded')).toBeTruthy();
    expect(within(entries[1]!).getByText('Draft')).toBeTruthy();
    expect(within(entries[1]!).getByText('Pending')).toBeTruthy();
    expect(within(entries[2]!).getByText('Store admin')).toBeTruthy();
    expect(within(entries[2]!).getByText('Reason: Looking at it')).toBeTruthy();

    const thread = screen.getByRole('list', { name: 'Comments on 1.0.0' });
    expect(within(thread).getByText('Please add a privacy policy.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Comment is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Comment'), 'Added it in 1.0.0.');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Comments on 1.0.0' })).getByText('Added it in 1.0.0.'),
      ).toBeTruthy(),
    );
    expect(api.sent('POST', `${versionPath('1.0.0')}/comments`).map((request) => request.body)).toEqual([
      { body: 'Added it in 1.0.0.' },
    ]);
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('');
  });

  it('has no reply box on a draft', async () => {
    serveApp({ app: makeApp(), versions: [makeAppVersion()], history: [], comments: [] });
    openPage();
    expect(
      await screen.findByText('A draft has no review thread: request a review to start one.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('makes the app private, turns auto publish on and shows supporters as a table', async () => {
    serveApp({ app: makeApp(), versions: [makeAppVersion()], history: [], comments: [] });
    const user = userEvent.setup();
    openPage();
    const isPublic = await screen.findByRole('switch', { name: 'Public' });
    expect((isPublic as HTMLInputElement).checked).toBe(true);
    await user.click(isPublic);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Public' }) as HTMLInputElement).checked).toBe(false),
    );
    await user.click(screen.getByRole('switch', { name: 'Auto publish' }));
    await waitFor(() => expect(api.sent('PUT', APP_PATH)).toHaveLength(2));
    await user.click(screen.getByRole('switch', { name: 'Supporters as a table' }));
    await waitFor(() =>
      expect(api.sent('PUT', APP_PATH).map((request) => request.body)).toEqual([
        { visibility: 'private' },
        { autoPublish: true },
        { supportersView: 'table' },
      ]),
    );
  });

  it('tells the developer an admin blocked the app, and why; it asks for no review', async () => {
    serveApp({
      app: makeApp({ isBlocked: true, blockedAt: TEST_NOW, blockedReason: 'Trademark complaint' }),
      versions: [makeAppVersion()],
      history: [],
      comments: [],
    });
    openPage();
    expect(await screen.findByText('This app has been blocked by store admin')).toBeTruthy();
    expect(screen.getByText('Reason: Trademark complaint')).toBeTruthy();
    expect(
      within(await rowOf('1.0.0')).queryByRole('button', { name: 'Request review of 1.0.0' }),
    ).toBeNull();
  });

  it("says so when the app is another developer's", async () => {
    api.on('GET', APP_PATH, refusal(403, 'APP_NOT_OWNED'));
    openPage();
    expect(await screen.findByText('This app belongs to another developer.')).toBeTruthy();
  });
});
