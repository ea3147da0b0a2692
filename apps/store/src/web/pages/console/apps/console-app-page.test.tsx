import type { AppDetail, AppVersionStatus, ReviewAppBody } from '@bazaar/schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fieldHelp, renderStoreRoute } from '../../../test-utils/render-store-route.tsx';
import { createStoreApiStub, refusal } from '../../../test-utils/store-api-stub.ts';
import {
  APP_DID,
  makeApp,
  makeAppComment,
  makeAppVersion,
  TEST_NOW,
  USERS,
} from '../../../test-utils/store-builders.ts';
import { consoleRoutes } from '../console-routes.tsx';

const api = createStoreApiStub();
const APP_PATH = `/api/console/apps/${APP_DID}`;
const MOVES: Record<ReviewAppBody['action'], AppVersionStatus> = {
  start: 'inReview',
  approve: 'approved',
  reject: 'rejected',
};

let detail: AppDetail;

/** The app as the server keeps it: reviews move versions, block and unblock change the app. */
function serveApp(initial: AppDetail) {
  detail = initial;
  api.on('GET', APP_PATH, () => ({ body: detail }));
  api.on('PUT', `${APP_PATH}/review`, (request) => {
    const body = request.body as ReviewAppBody;
    detail = {
      ...detail,
      app: body.action === 'approve' ? { ...detail.app, category: body.category } : detail.app,
      versions: detail.versions.map((each) =>
        each.version === body.version ? { ...each, status: MOVES[body.action] } : each,
      ),
    };
    const moved = detail.versions.find((each) => each.version === body.version)!;
    return { body: { app: detail.app, version: moved, published: false } };
  });
  api.on('PUT', `${APP_PATH}/block`, (request) => {
    const { reason } = request.body as { reason: string };
    detail = {
      ...detail,
      app: { ...detail.app, isBlocked: true, blockedAt: TEST_NOW, blockedReason: reason },
    };
    return { body: detail.app };
  });
  api.on('PUT', `${APP_PATH}/unblock`, () => {
    detail = { ...detail, app: { ...detail.app, isBlocked: false, blockedAt: null, blockedReason: null } };
    return { body: detail.app };
  });
  api.on('POST', `${APP_PATH}/versions/:version/comments`, (request, { version }) => {
    const comment = makeAppComment({
      id: `sac_${detail.comments.length + 1}`,
      version,
      body: (request.body as { body: string }).body,
    });
    detail = { ...detail, comments: [...detail.comments, comment] };
    return { body: comment };
  });
}

const inReview = () => ({
  app: makeApp(),
  versions: [makeAppVersion({ status: 'inReview' })],
  history: [],
  comments: [],
});

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', '/api/categories', {
    body: {
      list: [
        { id: 'payments', name: { en: 'Payments', zh: '支付' } },
        { id: 'productivity', name: { en: 'Productivity', zh: '效率' } },
      ],
      count: 2,
    },
  });
});
afterEach(cleanup);

const openPage = (locale: 'en' | 'zh' = 'en') =>
  renderStoreRoute(`/console/apps/${APP_DID}`, consoleRoutes, { locale });
const reviews = () => api.sent('PUT', `${APP_PATH}/review`).map((request) => request.body);

describe('ConsoleAppPage', () => {
  it('starts the review of a pending version at once; only then may it be approved or rejected', async () => {
    serveApp({ ...inReview(), versions: [makeAppVersion({ status: 'pending' })] });
    const user = userEvent.setup();
    openPage();
    const start = await screen.findByRole('button', { name: 'Start the review of 1.0.0' });
    expect(screen.queryByRole('button', { name: 'Approve 1.0.0' })).toBeNull();
    await user.click(start);
    expect(await screen.findByText('The review of 1.0.0 has started.')).toBeTruthy();
    expect(reviews()).toEqual([{ action: 'start', version: '1.0.0' }]);
    expect(await screen.findByRole('button', { name: 'Approve 1.0.0' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject 1.0.0' })).toBeTruthy();
  });

  it('approves only into a chosen category, with the review type', async () => {
    serveApp(inReview());
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Approve 1.0.0' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve 1.0.0' });
    await within(dialog).findByLabelText(/Category/);

    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(fieldHelp(/Category/)).toBe('Category is required');
    expect(reviews()).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText(/Category/), 'Productivity');
    await user.click(within(dialog).getByLabelText('First version only'));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reviews()).toEqual([
      { action: 'approve', version: '1.0.0', category: 'productivity', reviewType: 'first' },
    ]);
    const row = within(await screen.findByRole('table', { name: 'Versions' }))
      .getByText('1.0.0')
      .closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Approved')).toBeTruthy());
  });

  it('rejects only with a reason, saying it is final', async () => {
    serveApp(inReview());
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Reject 1.0.0' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject 1.0.0?' });
    expect(within(dialog).getByText(/final: the developer must upload a new version/)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/Reason/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(fieldHelp(/Reason/)).toBe('Reason is required');
    expect(reviews()).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Crashes on start');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reviews()).toEqual([{ action: 'reject', version: '1.0.0', reason: 'Crashes on start' }]);
  });

  it('words a refusal in the dialog: another admin decided first', async () => {
    serveApp(inReview());
    api.on('PUT', `${APP_PATH}/review`, refusal(409, 'VERSION_STATE_INVALID'));
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Reject 1.0.0' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject 1.0.0?' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Crashes on start');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(/review status does not allow that/)).toBeTruthy();
  });

  it('blocks only with a reason of at most 255 characters, then shows the app blocked', async () => {
    serveApp(inReview());
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Weather Board?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(fieldHelp(/Reason/)).toBe('Reason is required');

    await user.click(within(dialog).getByLabelText(/Reason/));
    await user.paste('x'.repeat(256));
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(fieldHelp(/Reason/)).toBe('no longer than 255 chars');
    expect(api.sent('PUT', `${APP_PATH}/block`)).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/Reason/));
    await user.type(within(dialog).getByLabelText(/Reason/), 'Trademark complaint');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PUT', `${APP_PATH}/block`).map((request) => request.body)).toEqual([
      { reason: 'Trademark complaint', slashStake: false },
    ]);
    expect(await screen.findByText('This app has been blocked by store admin')).toBeTruthy();
    expect(screen.getByText('Reason: Trademark complaint')).toBeTruthy();
    // Developers join by invitation here: there is no stake to slash.
    expect(screen.queryByLabelText("Slash the developer's stake")).toBeNull();
  });

  it("offers to slash the developer's stake where developers join by staking", async () => {
    serveApp(inReview());
    api.on('GET', '/api/store.json', {
      body: {
        did: 'did:bazaar:store',
        name: 'Bazaar',
        version: '0.1.0',
        permissionMode: 'staking',
        maxBundleSize: 524_288_000,
        stakeAmount: '5',
        stakeCurrency: 'USD',
      },
    });
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Weather Board?' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Malware');
    await user.click(await within(dialog).findByLabelText("Slash the developer's stake"));
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PUT', `${APP_PATH}/block`).map((request) => request.body)).toEqual([
      { reason: 'Malware', slashStake: true },
    ]);
  });

  it('unblocks once confirmed', async () => {
    serveApp({
      ...inReview(),
      app: makeApp({ isBlocked: true, blockedAt: TEST_NOW, blockedReason: 'Spam' }),
    });
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Unblock' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Unblock Weather Board?' })).getByRole('button', {
        name: 'Unblock',
      }),
    );
    await waitFor(() => expect(screen.queryByText('This app has been blocked by store admin')).toBeNull());
    expect(api.sent('PUT', `${APP_PATH}/unblock`)).toHaveLength(1);
  });

  it("comments on the version's thread as an admin", async () => {
    serveApp(inReview());
    const user = userEvent.setup();
    openPage();
    await user.type(await screen.findByLabelText('Comment'), 'Please add a privacy policy.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await within(await screen.findByRole('list', { name: 'Comments on 1.0.0' })).findByText(
        'Please add a privacy policy.',
      ),
    ).toBeTruthy();
    expect(api.sent('POST', `${APP_PATH}/versions/1.0.0/comments`).map((request) => request.body)).toEqual([
      { body: 'Please add a privacy policy.' },
    ]);
  });

  it('stacks the versions and fills the screen with a dialog on a phone', async () => {
    const viewport = (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM;
    viewport.setViewport({ width: 375, height: 800 });
    try {
      serveApp(inReview());
      const user = userEvent.setup();
      openPage();
      const versions = await screen.findByRole('list', { name: 'Versions' });
      expect(screen.queryByRole('table', { name: 'Versions' })).toBeNull();
      expect(within(versions).getByText('In review')).toBeTruthy();
      await user.click(within(versions).getByRole('button', { name: 'Reject 1.0.0' }));
      const dialog = screen.getByRole('dialog', { name: 'Reject 1.0.0?' });
      expect(dialog.className).toContain('MuiDialog-paperFullScreen');
    } finally {
      viewport.setViewport({ width: 1024, height: 768 });
    }
  });

  it('speaks Chinese', async () => {
    serveApp({ ...inReview(), app: makeApp({ category: 'payments' }) });
    const user = userEvent.setup();
    openPage('zh');
    expect(await screen.findByRole('button', { name: '批准 1.0.0' })).toBeTruthy();
    expect(screen.getByText('审核中')).toBeTruthy();
    expect(await screen.findByText('支付')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '拒绝 1.0.0' }));
    expect(screen.getByText(/拒绝后不可恢复：开发者必须上传新版本/)).toBeTruthy();
  });
});
