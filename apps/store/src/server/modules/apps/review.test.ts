import type { AppKey } from '@bazaar/bundle';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBundleWorkshop } from '../../test-utils/app-bundles.ts';
import { bearer, createAccessToken, registerRival, RIVAL, uploadForm } from '../../test-utils/app-uploads.ts';
import {
  codeOf,
  openStoreTestApp,
  TEST_NOW,
  USERS,
  type Caller,
  type StoreTestApp,
} from '../../test-utils/store-test-app.ts';

const DAY = 24 * 60 * 60;

function ok(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function refused(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(codeOf(response), response.body).toBe(code);
  return response.json().error as { message: string; details?: { path: string; message: string }[] };
}

describe.each(TEST_DIALECTS)('the review of app versions on %s', (dialect) => {
  let t: StoreTestApp;
  let workshop: Awaited<ReturnType<typeof openBundleWorkshop>>;
  let token: string;
  let key: AppKey;
  let did: string;

  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
    workshop = await openBundleWorkshop();
    token = await createAccessToken(t);
    key = (await workshop.make()).key;
    did = key.did;
  });
  afterEach(async () => {
    await t.close();
    await workshop.remove();
  });

  /** Uploads `version` of the app (of `appKey`), as the developer's CLI does. */
  async function upload(version: string, appKey = key, name = 'hello-app') {
    const bundle = await workshop.make({ key: appKey, version, name });
    const response = await uploadForm(t, token, bundle.bytes);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const act = (action: string, version = '1.0.0', caller: Caller = 'developer', appDid = did) =>
    t.call(caller, 'PUT', `/developer/apps/${appDid}/versions/${version}`, { action });
  const review = (body: Record<string, unknown>, caller: Caller = 'admin', appDid = did) =>
    t.call(caller, 'PUT', `/console/apps/${appDid}/review`, body);
  const approve = (version = '1.0.0', extra: Record<string, unknown> = {}) =>
    review({ version, action: 'approve', category: 'payments', ...extra });
  const history = async () => ok(await t.call('developer', 'GET', `/developer/apps/${did}`)).history;
  const moves = async () =>
    (await history()).map(
      (entry: { version: string; fromStatus: string | null; toStatus: string; actorKind: string }) =>
        `${entry.version} ${entry.fromStatus ?? '∅'}→${entry.toStatus} (${entry.actorKind})`,
    );

  /** Upload 1.0.0, then take it through review to approved. */
  async function approvedFirstVersion() {
    await upload('1.0.0');
    ok(await act('requestReview'));
    ok(await review({ version: '1.0.0', action: 'start' }));
    return ok(await approve());
  }

  it('takes a version from draft through review to published, recording each step', async () => {
    await upload('1.0.0');
    const requested = ok(await act('requestReview'));
    expect(requested).toMatchObject({ version: { status: 'pending' }, published: false });
    t.clock.advance(60);
    expect(ok(await review({ version: '1.0.0', action: 'start' })).version.status).toBe('inReview');
    const approved = ok(await approve());
    expect(approved).toMatchObject({
      app: { category: 'payments', currentVersion: null },
      version: { status: 'approved' },
      published: false,
    });
    t.clock.advance(60);
    const published = ok(await act('publish'));
    expect(published).toMatchObject({
      app: { currentVersion: '1.0.0', latestVersion: '1.0.0' },
      version: { status: 'published', publishedAt: TEST_NOW + 120 },
      published: true,
    });
    expect(await moves()).toEqual([
      '1.0.0 ∅→draft (developer)',
      '1.0.0 draft→pending (developer)',
      '1.0.0 pending→inReview (admin)',
      '1.0.0 inReview→approved (admin)',
      '1.0.0 approved→published (developer)',
    ]);
    const entries = await history();
    expect(entries[2]).toMatchObject({ actorDid: USERS.admin.did, createdAt: TEST_NOW + 60 });

    // What the CLI's `bazaar status` and the developer's list show.
    const readToken = await createAccessToken(t, 'developer', ['read']);
    const versions = ok(await t.call(null, 'GET', `/apps/${did}/versions`, undefined, bearer(readToken)));
    expect(versions.versions.map((version: { status: string }) => version.status)).toEqual(['published']);
    expect(versions.history).toHaveLength(5);
    const mine = ok(await t.call('developer', 'GET', '/developer/apps'));
    expect(mine).toMatchObject({
      count: 1,
      list: [
        { app: { did }, latestVersion: { version: '1.0.0', status: 'published' }, waitingSeconds: null },
      ],
    });
  });

  it('keeps the review thread between the developer and the admins', async () => {
    await registerRival(t);
    await upload('1.0.0');
    const path = `/developer/apps/${did}/versions/1.0.0/comments`;
    const draftComment = refused(
      await t.call('developer', 'POST', path, { body: 'Anyone?' }),
      409,
      'VERSION_STATE_INVALID',
    );
    expect(draftComment.message).toContain('draft');
    ok(await act('requestReview'));
    const mine = ok(await t.call('developer', 'POST', path, { body: '  Please look at the new logo.  ' }));
    expect(mine).toMatchObject({
      authorDid: USERS.developer.did,
      authorKind: 'developer',
      body: 'Please look at the new logo.',
    });
    t.clock.advance(1);
    const theirs = ok(
      await t.call('admin', 'POST', `/console/apps/${did}/versions/1.0.0/comments`, { body: 'Looks good.' }),
    );
    expect(theirs).toMatchObject({ authorDid: USERS.admin.did, authorKind: 'admin' });
    for (const [caller, detailPath] of [
      ['developer', `/developer/apps/${did}`],
      ['admin', `/console/apps/${did}`],
    ] as const) {
      const detail = ok(await t.call(caller, 'GET', detailPath));
      expect(detail.comments.map((comment: { body: string }) => comment.body)).toEqual([
        'Please look at the new logo.',
        'Looks good.',
      ]);
    }
    refused(await t.call(RIVAL, 'GET', `/developer/apps/${did}`), 403, 'APP_NOT_OWNED');
    refused(await t.call(RIVAL, 'POST', path, { body: 'Me too' }), 403, 'APP_NOT_OWNED');
    refused(await t.call('member', 'GET', `/developer/apps/${did}`), 403, 'DEVELOPER_REQUIRED');
    refused(await t.call('revoked', 'POST', path, { body: 'x' }), 403, 'DEVELOPER_REVOKED');
    refused(await t.call('developer', 'GET', `/console/apps/${did}`), 403, 'FORBIDDEN');
    refused(await t.call(null, 'GET', `/console/apps/${did}`), 401, 'UNAUTHENTICATED');
    const tooLong = refused(
      await t.call('developer', 'POST', path, { body: 'x'.repeat(4001) }),
      400,
      'VALIDATION_FAILED',
    );
    expect(tooLong.details).toEqual([{ path: 'body', message: 'no longer than 4000 chars' }]);
    refused(await t.call('developer', 'POST', path, { body: '   ' }), 400, 'VALIDATION_FAILED');
    expect(ok(await t.call('developer', 'GET', `/developer/apps/${did}`)).comments).toHaveLength(2);
  });

  it('lets only the owner act on a version, and admins review', async () => {
    await registerRival(t);
    await upload('1.0.0');
    refused(await act('requestReview', '1.0.0', RIVAL), 403, 'APP_NOT_OWNED');
    refused(await act('requestReview', '1.0.0', 'member'), 403, 'DEVELOPER_REQUIRED');
    refused(await act('requestReview', '1.0.0', 'admin'), 403, 'DEVELOPER_REQUIRED');
    refused(await act('requestReview', '1.0.0', 'revoked'), 403, 'DEVELOPER_REVOKED');
    refused(await act('requestReview', '1.0.0', null), 401, 'UNAUTHENTICATED');
    refused(await review({ version: '1.0.0', action: 'start' }, 'developer'), 403, 'FORBIDDEN');
    refused(
      await t.call(RIVAL, 'PUT', `/developer/apps/${did}`, { visibility: 'private' }),
      403,
      'APP_NOT_OWNED',
    );
    refused(await act('requestReview', '9.9.9'), 404, 'NOT_FOUND');
    refused(
      await act('requestReview', '1.0.0', 'developer', `did:key:z6Mk${'a'.repeat(44)}`),
      404,
      'NOT_FOUND',
    );
    refused(await act('requestReview', 'latest'), 400, 'VALIDATION_FAILED');
    refused(await act('approve'), 400, 'VALIDATION_FAILED');
    expect(await moves()).toEqual(['1.0.0 ∅→draft (developer)']);
    expect(ok(await act('requestReview')).version.status).toBe('pending');
  });

  it('refuses every move the review does not allow, naming the status and the one asked for', async () => {
    await upload('1.0.0');
    const fromDraft = refused(
      await review({ version: '1.0.0', action: 'start' }),
      409,
      'VERSION_STATE_INVALID',
    );
    expect(fromDraft.message).toBe('Version 1.0.0 is draft and cannot become inReview');
    refused(await approve(), 409, 'VERSION_STATE_INVALID');
    refused(await review({ version: '1.0.0', action: 'reject', reason: 'No' }), 409, 'VERSION_STATE_INVALID');
    refused(await act('cancelReview'), 409, 'VERSION_STATE_INVALID');
    const early = refused(await act('publish'), 409, 'VERSION_STATE_INVALID');
    expect(early.message).toContain('needs a review before it is published');
    ok(await act('requestReview'));
    refused(await act('requestReview'), 409, 'VERSION_STATE_INVALID');
    refused(await act('publish'), 409, 'VERSION_STATE_INVALID');
    refused(await approve(), 409, 'VERSION_STATE_INVALID');
    ok(await review({ version: '1.0.0', action: 'start' }));
    refused(await review({ version: '1.0.0', action: 'start' }), 409, 'VERSION_STATE_INVALID');
    refused(await act('publish'), 409, 'VERSION_STATE_INVALID');
    expect(await moves()).toEqual([
      '1.0.0 ∅→draft (developer)',
      '1.0.0 draft→pending (developer)',
      '1.0.0 pending→inReview (admin)',
    ]);
  });

  it('rejects only with a reason, and for good: the developer uploads a new version', async () => {
    await upload('1.0.0');
    ok(await act('requestReview'));
    ok(await review({ version: '1.0.0', action: 'start' }));
    const noReason = refused(await review({ version: '1.0.0', action: 'reject' }), 400, 'VALIDATION_FAILED');
    expect(noReason.details).toEqual([{ path: 'reason', message: 'Reason is required' }]);
    const rejected = ok(await review({ version: '1.0.0', action: 'reject', reason: 'Crashes on start' }));
    expect(rejected.version.status).toBe('rejected');
    for (const action of ['requestReview', 'cancelReview', 'publish']) {
      refused(await act(action), 409, 'VERSION_STATE_INVALID');
    }
    for (const body of [{ action: 'start' }, { action: 'approve', category: 'payments' }]) {
      refused(await review({ version: '1.0.0', ...body }), 409, 'VERSION_STATE_INVALID');
    }
    expect((await history()).at(-1)).toMatchObject({ toStatus: 'rejected', reason: 'Crashes on start' });
    expect((await upload('1.0.1')).version.status).toBe('draft');
  });

  it('cancels a review for good, from pending, in review or approved', async () => {
    await approvedFirstVersion();
    ok(await act('cancelReview'));
    for (const action of ['requestReview', 'cancelReview', 'publish']) {
      refused(await act(action), 409, 'VERSION_STATE_INVALID');
    }
    refused(await review({ version: '1.0.0', action: 'start' }), 409, 'VERSION_STATE_INVALID');
    await upload('1.0.1');
    ok(await act('requestReview', '1.0.1'));
    expect(ok(await act('cancelReview', '1.0.1')).version.status).toBe('cancelled');
    await upload('1.0.2');
    ok(await act('requestReview', '1.0.2'));
    ok(await review({ version: '1.0.2', action: 'start' }));
    expect(ok(await act('cancelReview', '1.0.2')).version.status).toBe('cancelled');
  });

  it('approves only into a category that exists, and may change how the app is reviewed', async () => {
    await upload('1.0.0');
    ok(await act('requestReview'));
    ok(await review({ version: '1.0.0', action: 'start' }));
    const missing = refused(await review({ version: '1.0.0', action: 'approve' }), 400, 'VALIDATION_FAILED');
    expect(missing.details?.map((detail) => detail.path)).toEqual(['category']);
    const unknown = refused(await approve('1.0.0', { category: 'games' }), 400, 'VALIDATION_FAILED');
    expect(unknown.details).toEqual([{ path: 'category', message: 'No such category: games' }]);
    refused(await approve('1.0.0', { reviewType: 'never' }), 400, 'VALIDATION_FAILED');
    expect((await history()).at(-1).toStatus).toBe('inReview');
    const approved = ok(await approve('1.0.0', { category: 'developer-tools', reviewType: 'first' }));
    expect(approved.app).toMatchObject({ category: 'developer-tools', reviewType: 'first' });
  });

  it('lets one of two admins approving at once win', async () => {
    await upload('1.0.0');
    ok(await act('requestReview'));
    ok(await review({ version: '1.0.0', action: 'start' }));
    const answers = await Promise.all([
      review({ version: '1.0.0', action: 'approve', category: 'payments' }, 'admin'),
      review({ version: '1.0.0', action: 'approve', category: 'productivity' }, 'owner'),
      review({ version: '1.0.0', action: 'reject', reason: 'No' }, 'admin'),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    for (const answer of answers.filter((response) => response.statusCode === 409)) {
      expect(codeOf(answer)).toBe('VERSION_STATE_INVALID');
    }
    const decisions = (await history()).filter(
      (entry: { fromStatus: string }) => entry.fromStatus === 'inReview',
    );
    expect(decisions).toHaveLength(1);
  });

  it('auto-publishes an approved version, and versions that need no review on upload', async () => {
    await upload('1.0.0');
    const toggled = ok(await t.call('developer', 'PUT', `/developer/apps/${did}`, { autoPublish: true }));
    expect(toggled).toMatchObject({ autoPublish: true, visibility: 'public' });
    ok(await act('requestReview'));
    ok(await review({ version: '1.0.0', action: 'start' }));
    const approved = ok(await approve('1.0.0', { reviewType: 'first' }));
    expect(approved).toMatchObject({
      version: { status: 'published' },
      app: { currentVersion: '1.0.0' },
      published: true,
    });
    const last = (await history()).slice(-2);
    expect(last).toMatchObject([
      { fromStatus: 'inReview', toStatus: 'approved', actorKind: 'admin' },
      { fromStatus: 'approved', toStatus: 'published', actorKind: 'system', actorDid: null },
    ]);

    // Reviewed once (review type "first") and published: the next upload is published at once.
    const next = await upload('1.1.0');
    expect(next).toMatchObject({
      published: true,
      version: { status: 'published' },
      app: { currentVersion: '1.1.0' },
    });
    expect((await moves()).slice(-2)).toEqual([
      '1.1.0 ∅→draft (developer)',
      '1.1.0 draft→published (system)',
    ]);

    // Without auto-publish, such a version waits as a draft for its developer to publish it.
    ok(
      await t.call('developer', 'PUT', `/developer/apps/${did}`, {
        autoPublish: false,
        visibility: 'private',
      }),
    );
    expect((await upload('1.2.0')).published).toBe(false);
    expect(ok(await act('publish', '1.2.0')).app).toMatchObject({
      currentVersion: '1.2.0',
      visibility: 'private',
    });

    // A new app takes the Store's default.
    ok(
      await t.call('admin', 'PUT', '/console/settings', {
        autoPublishDefault: true,
        defaultReviewType: 'first',
      }),
    );
    const other = await upload('0.1.0', (await workshop.make()).key, 'other-app');
    expect(other.app).toMatchObject({ autoPublish: true, reviewType: 'first' });
    expect(other.published).toBe(false);
  });

  it('supersedes an open review when a newer version is put up for review', async () => {
    await upload('1.0.0');
    ok(await act('requestReview'));
    ok(await review({ version: '1.0.0', action: 'start' }));
    ok(await approve('1.0.0', { reviewType: 'first' }));
    ok(await act('publish'));
    // Reviewed once: later versions need no review, but a developer may still ask for one.
    await upload('1.1.0');
    ok(await act('requestReview', '1.1.0'));
    await upload('1.2.0');
    await upload('1.3.0');
    const notLatest = refused(await act('requestReview', '1.2.0'), 409, 'VERSION_STATE_INVALID');
    expect(notLatest.message).toContain('only the latest upload (1.3.0)');
    ok(await act('requestReview', '1.3.0'));
    const detail = ok(await t.call('developer', 'GET', `/developer/apps/${did}`));
    expect(
      detail.versions.map(
        (version: { version: string; status: string }) => `${version.version} ${version.status}`,
      ),
    ).toEqual(['1.3.0 pending', '1.2.0 draft', '1.1.0 cancelled', '1.0.0 published']);
    expect(detail.history.at(-1)).toMatchObject({
      version: '1.1.0',
      fromStatus: 'pending',
      toStatus: 'cancelled',
      actorKind: 'developer',
      reason: 'Superseded by 1.3.0',
    });
    // Publishing never goes back to an older version.
    ok(await review({ version: '1.3.0', action: 'start' }));
    ok(await approve('1.3.0'));
    ok(await act('publish', '1.3.0'));
    const older = refused(await act('publish', '1.2.0'), 409, 'VERSION_NOT_GREATER');
    expect(older.message).toBe('Version 1.2.0 is not greater than the published version 1.3.0');
  });

  it('publishes nothing of a blocked app, and keeps its published version', async () => {
    await approvedFirstVersion();
    ok(await act('publish'));
    await upload('1.1.0');
    ok(await act('requestReview', '1.1.0'));
    ok(await review({ version: '1.1.0', action: 'start' }));
    ok(await approve('1.1.0'));
    ok(await t.call('developer', 'PUT', `/developer/apps/${did}`, { autoPublish: true }));

    refused(await t.call('admin', 'PUT', `/console/apps/${did}/block`, {}), 400, 'VALIDATION_FAILED');
    refused(
      await t.call('admin', 'PUT', `/console/apps/${did}/block`, { reason: 'x'.repeat(256) }),
      400,
      'VALIDATION_FAILED',
    );
    refused(
      await t.call('developer', 'PUT', `/console/apps/${did}/block`, { reason: 'Mine' }),
      403,
      'FORBIDDEN',
    );
    const blocked = ok(await t.call('admin', 'PUT', `/console/apps/${did}/block`, { reason: 'Phishing' }));
    expect(blocked).toMatchObject({ isBlocked: true, blockedReason: 'Phishing', currentVersion: '1.0.0' });
    refused(await act('publish', '1.1.0'), 403, 'APP_BLOCKED');
    const publishToken = await createAccessToken(t, 'developer', ['publish']);
    refused(
      await t.call(null, 'POST', `/apps/${did}/versions/1.1.0/publish`, undefined, bearer(publishToken)),
      403,
      'APP_BLOCKED',
    );
    const queue = ok(await t.call('admin', 'GET', '/console/apps'));
    expect(queue.list[0].app).toMatchObject({ did, isBlocked: true });

    ok(await t.call('admin', 'PUT', `/console/apps/${did}/unblock`));
    expect(ok(await act('publish', '1.1.0')).app).toMatchObject({
      currentVersion: '1.1.0',
      isBlocked: false,
    });
    refused(
      await t.call('admin', 'PUT', `/console/apps/did:key:z6Mk${'b'.repeat(44)}/unblock`),
      404,
      'NOT_FOUND',
    );
  });

  it("stops a revoked developer's publishing, and leaves what they published", async () => {
    await approvedFirstVersion();
    ok(await act('publish'));
    ok(await t.call('developer', 'PUT', `/developer/apps/${did}`, { autoPublish: true }));
    await upload('1.1.0');
    ok(await act('requestReview', '1.1.0'));
    ok(await review({ version: '1.1.0', action: 'start' }));
    const publishToken = await createAccessToken(t, 'developer', ['publish']);
    ok(
      await t.call('admin', 'PUT', `/console/developers/${USERS.developer.did}`, {
        status: 'revoked',
        reason: 'Spam',
      }),
    );

    // Approving still works, but nothing is published for the revoked developer.
    const approved = ok(await approve('1.1.0'));
    expect(approved).toMatchObject({
      version: { status: 'approved' },
      published: false,
      app: { currentVersion: '1.0.0' },
    });
    refused(await act('publish', '1.1.0'), 403, 'DEVELOPER_REVOKED');
    refused(await act('requestReview', '1.1.0'), 403, 'DEVELOPER_REVOKED');
    refused(
      await t.call(null, 'POST', `/apps/${did}/versions/1.1.0/publish`, undefined, bearer(publishToken)),
      403,
      'DEVELOPER_REVOKED',
    );
    expect(ok(await t.call('admin', 'GET', `/console/apps/${did}`)).app).toMatchObject({
      currentVersion: '1.0.0',
    });
  });

  it('publishes and reports through the CLI with a token of the right scope', async () => {
    await registerRival(t);
    await approvedFirstVersion();
    const uploadOnly = await createAccessToken(t, 'developer', ['upload']);
    const publishToken = await createAccessToken(t, 'developer', ['publish', 'read']);
    const rivalToken = await createAccessToken(t, RIVAL);
    const expiring = await createAccessToken(t, 'developer', ['publish', 'read'], 1);
    const publishPath = `/apps/${did}/versions/1.0.0/publish`;
    refused(await t.call(null, 'POST', publishPath), 401, 'UNAUTHENTICATED');
    refused(await t.call('developer', 'POST', publishPath), 401, 'UNAUTHENTICATED');
    refused(
      await t.call(null, 'POST', publishPath, undefined, bearer(uploadOnly)),
      403,
      'TOKEN_SCOPE_MISSING',
    );
    refused(
      await t.call(null, 'GET', `/apps/${did}/versions`, undefined, bearer(uploadOnly)),
      403,
      'TOKEN_SCOPE_MISSING',
    );
    refused(await t.call(null, 'POST', publishPath, undefined, bearer(rivalToken)), 403, 'APP_NOT_OWNED');
    refused(
      await t.call(null, 'GET', `/apps/${did}/versions`, undefined, bearer(rivalToken)),
      403,
      'APP_NOT_OWNED',
    );
    refused(
      await t.call(null, 'POST', `/apps/${did}/versions/2.0.0/publish`, undefined, bearer(publishToken)),
      404,
      'NOT_FOUND',
    );
    t.clock.advance(DAY);
    refused(await t.call(null, 'POST', publishPath, undefined, bearer(expiring)), 401, 'TOKEN_EXPIRED');

    const published = ok(await t.call(null, 'POST', publishPath, undefined, bearer(publishToken)));
    expect(published).toMatchObject({ published: true, app: { currentVersion: '1.0.0' } });
    const status = ok(await t.call(null, 'GET', `/apps/${did}/versions`, undefined, bearer(publishToken)));
    expect(status.versions[0]).toMatchObject({ version: '1.0.0', status: 'published' });
    expect(status.history.at(-1)).toMatchObject({ toStatus: 'published', actorKind: 'developer' });
  });

  it('lists the review queue with apps waiting longest first', async () => {
    const keys = await Promise.all([1, 2, 3, 4].map(async () => (await workshop.make()).key));
    const names = ['alpha', 'bravo', 'charlie', 'delta'];
    for (const [index, appKey] of keys.entries()) {
      await upload('1.0.0', appKey, names[index]);
      t.clock.advance(10);
    }
    const [alpha, bravo, charlie] = keys.map((appKey) => appKey.did) as [string, string, string];
    ok(await act('requestReview', '1.0.0', 'developer', charlie)); // waiting since +40
    t.clock.advance(100);
    ok(await act('requestReview', '1.0.0', 'developer', bravo)); // since +140
    t.clock.advance(100);
    ok(await review({ version: '1.0.0', action: 'start' }, 'admin', bravo)); // in review since +240
    ok(await t.call('developer', 'PUT', `/developer/apps/${alpha}`, { visibility: 'private' }));
    t.clock.advance(60);

    const queue = ok(await t.call('admin', 'GET', '/console/apps'));
    expect(queue.count).toBe(4);
    expect(
      queue.list.map(
        (item: {
          app: { name: string };
          latestVersion: { status: string };
          waitingSeconds: number | null;
        }) => [item.app.name, item.latestVersion.status, item.waitingSeconds],
      ),
    ).toEqual([
      ['charlie', 'pending', 260],
      ['bravo', 'inReview', 60],
      ['alpha', 'draft', null],
      ['delta', 'draft', null],
    ]);
    const pending = ok(await t.call('admin', 'GET', '/console/apps?status=pending&pageSize=5'));
    expect(pending.list.map((item: { app: { did: string } }) => item.app.did)).toEqual([charlie]);
    const page2 = ok(await t.call('admin', 'GET', '/console/apps?page=2&pageSize=3&status='));
    expect(page2).toMatchObject({ count: 4, list: [{ app: { name: 'delta' } }] });
    refused(await t.call('admin', 'GET', '/console/apps?status=waiting'), 400, 'VALIDATION_FAILED');
    refused(await t.call('member', 'GET', '/console/apps'), 403, 'FORBIDDEN');
    expect(ok(await t.call('developer', 'GET', '/developer/apps?pageSize=2'))).toMatchObject({ count: 4 });
  });
});
