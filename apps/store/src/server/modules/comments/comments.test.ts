import type { StoreComment, StoreCommentThread } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  codeOf,
  makeUser,
  TEST_NOW,
  USERS,
  type Caller,
  type StoreTestApp,
  openStoreTestApp,
} from '../../test-utils/store-test-app.ts';
import { insertAppRow } from '../apps/repository.ts';

/** Well-formed app DIDs (base58 bodies) for apps made straight in the database. */
const APP = `did:key:z6Mk${'A'.repeat(44)}`;
const OTHER_APP = `did:key:z6Mk${'B'.repeat(44)}`;
const DAY = 24 * 60 * 60;

function ok(response: LightMyRequestResponse, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

function refused(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(codeOf(response), response.body).toBe(code);
  return response.json().error as { message: string; details?: { path: string; message: string }[] };
}

describe.each(TEST_DIALECTS)('comments on app pages on %s', (dialect) => {
  let t: StoreTestApp;

  /** An app of USERS.developer, listed (published, public, not blocked) unless told otherwise. */
  async function addApp(did: string, changes: Record<string, unknown> = {}) {
    await insertAppRow(t.db, {
      did,
      name: `app-${did.slice(-6)}`,
      owner_did: USERS.developer.did,
      title: 'Weather Board',
      description: 'Forecasts',
      visibility: 'public',
      auto_publish: 0,
      review_type: 'each',
      current_version: '1.0.0',
      latest_version: '1.0.0',
      created_at: TEST_NOW,
      updated_at: TEST_NOW,
      ...changes,
    });
  }

  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
    await addApp(APP);
    await addApp(OTHER_APP);
  });
  afterEach(async () => {
    await t.close();
  });

  const list = (caller: Caller = null, query = '', did = APP) =>
    t.call(caller, 'GET', `/apps/${did}/comments${query}`);
  const threads = async (caller: Caller = null, query = '') =>
    ok(await list(caller, query)) as { list: StoreCommentThread[]; count: number };
  const post = (caller: Caller, body: unknown, did = APP) =>
    t.call(caller, 'POST', `/apps/${did}/comments`, typeof body === 'string' ? { body } : body);
  const posted = async (caller: Caller, body: string, parentId?: string): Promise<StoreComment> =>
    ok(await post(caller, { body, ...(parentId ? { parentId } : {}) }), 201);
  const remove = (caller: Caller, id: string, did = APP) =>
    t.call(caller, 'DELETE', `/apps/${did}/comments/${id}`);
  const replies = (caller: Caller, id: string, query = '') =>
    t.call(caller, 'GET', `/apps/${APP}/comments/${id}/replies${query}`);

  it('shows anyone the top-level comments newest first, ten a page unless asked, at most fifty', async () => {
    for (let index = 1; index <= 12; index += 1) {
      await posted(index % 2 ? 'member' : 'admin', `Comment ${index}`);
      t.clock.advance(60);
    }
    const first = await threads();
    expect(first.count).toBe(12);
    expect(first.list.map((comment) => comment.body)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((index) => `Comment ${index}`),
    );
    expect((await threads(null, '?page=2')).list.map((comment) => comment.body)).toEqual([
      'Comment 2',
      'Comment 1',
    ]);
    expect((await threads(null, '?page=1&pageSize=50')).list).toHaveLength(12);
    refused(await list(null, '?pageSize=51'), 400, 'VALIDATION_FAILED');
    expect(first.list[0]).toEqual({
      id: expect.stringMatching(/^scm_/),
      appDid: APP,
      parentId: null,
      author: { did: USERS.admin.did, name: USERS.admin.fullName },
      body: 'Comment 12',
      createdAt: TEST_NOW + 11 * 60,
      deleted: false,
      canDelete: false,
      replies: [],
      replyCount: 0,
    });
  });

  it('nests replies one level deep, the oldest three in the list and all of them on their own route', async () => {
    const topic = await posted('member', 'Does it work offline?');
    const answers: StoreComment[] = [];
    for (const [who, text] of [
      ['developer', 'Yes'],
      ['admin', 'It caches a week'],
      ['owner', 'Confirmed'],
    ] as const) {
      answers.push(await posted(who, text, topic.id));
    }
    // A reply to a reply joins the thread of the comment it answers.
    const nested = await posted('invitee', 'Thanks!', answers[0]!.id);
    expect(nested.parentId).toBe(topic.id);
    await posted('devPassport', 'Me too', topic.id);

    const [thread] = (await threads()).list;
    expect(thread).toMatchObject({ id: topic.id, replyCount: 5 });
    expect(thread!.replies.map((reply) => reply.body)).toEqual(['Yes', 'It caches a week', 'Confirmed']);
    expect((await threads()).count).toBe(1);

    const all = ok(await replies(null, topic.id));
    expect(all.count).toBe(5);
    expect(all.list.map((reply: StoreComment) => reply.body)).toEqual([
      'Yes',
      'It caches a week',
      'Confirmed',
      'Thanks!',
      'Me too',
    ]);
    expect(
      ok(await replies(null, topic.id, '?page=2&pageSize=2')).list.map((r: StoreComment) => r.body),
    ).toEqual(['Confirmed', 'Thanks!']);
    // Replies have no replies; a comment of another app or none at all is not found.
    refused(await replies(null, answers[0]!.id), 404, 'NOT_FOUND');
    const elsewhere: StoreComment = ok(await post('member', { body: 'Elsewhere' }, OTHER_APP), 201);
    refused(await post('member', { body: 'Hi', parentId: elsewhere.id }), 404, 'NOT_FOUND');
    refused(await post('member', { body: 'Hi', parentId: `scm_${'x'.repeat(20)}` }), 404, 'NOT_FOUND');
    refused(await post('member', { body: 'Hi', parentId: 'sac_1' }), 400, 'VALIDATION_FAILED');
  });

  it('takes comments from signed-in users only, as typed and trimmed, under the name they had then', async () => {
    refused(await post(null, 'Hello'), 401, 'UNAUTHENTICATED');
    const renamed = { ...USERS.member, fullName: 'Mia Rossi' };
    const comment = await posted(renamed, '  Line one\n\n  line two  \n');
    expect(comment).toMatchObject({
      author: { did: USERS.member.did, name: 'Mia Rossi' },
      body: 'Line one\n\n  line two',
      canDelete: true,
    });
    // The name is the one at posting: a later rename does not change it.
    expect((await threads(USERS.member)).list[0]!.author).toEqual({
      did: USERS.member.did,
      name: 'Mia Rossi',
    });
  });

  it('refuses empty, overlong and control-character comments with messages that say why', async () => {
    const messageOf = async (body: unknown) =>
      refused(await post('member', body), 400, 'VALIDATION_FAILED').details?.map((detail) => detail.message);
    expect(await messageOf({})).toEqual(['Comment is required']);
    expect(await messageOf({ body: ' \n\t ' })).toEqual(['Comment is required']);
    expect(await messageOf({ body: 'x'.repeat(2_001) })).toEqual(['no longer than 2000 chars']);
    // NUL is refused before the route, as in any text the Store takes.
    refused(await post('member', 'bad \u0000 text'), 400, 'VALIDATION_FAILED');
    for (const control of ['\u0007', '\r', '\t', '\u001b[31m', '\u007f', '\u0085']) {
      expect(await messageOf({ body: `bad ${control} text` })).toEqual([
        'Only text and line breaks: no control characters',
      ]);
    }
    // Characters count as people count them: 2,000 emoji fit, although each is two UTF-16 units.
    const emoji = '🙂'.repeat(2_000);
    expect((await posted('member', emoji)).body).toBe(emoji);
    expect(await threads()).toMatchObject({ count: 1 });
  });

  it('hides the comments of an unknown, unpublished or private app, and says a blocked one is blocked', async () => {
    const NEVER_PUBLISHED = `did:key:z6Mk${'C'.repeat(44)}`;
    const PRIVATE = `did:key:z6Mk${'D'.repeat(44)}`;
    const BLOCKED = `did:key:z6Mk${'E'.repeat(44)}`;
    const UNKNOWN = `did:key:z6Mk${'F'.repeat(44)}`;
    await addApp(NEVER_PUBLISHED, { current_version: null });
    await addApp(PRIVATE, { visibility: 'private' });
    await addApp(BLOCKED, { blocked_at: TEST_NOW, blocked_reason: 'Spam', blocked_by: USERS.admin.did });

    for (const did of [NEVER_PUBLISHED, PRIVATE, UNKNOWN]) {
      for (const caller of [null, 'member'] as const) refused(await list(caller, '', did), 404, 'NOT_FOUND');
      refused(await post('member', { body: 'Hi' }, did), 404, 'NOT_FOUND');
    }
    refused(await list(null, '', BLOCKED), 403, 'APP_BLOCKED');
    refused(await post('member', { body: 'Hi' }, BLOCKED), 403, 'APP_BLOCKED');

    // Its owner and the Store's admins still read and write there.
    for (const did of [NEVER_PUBLISHED, PRIVATE, BLOCKED]) {
      for (const caller of ['developer', 'admin', 'owner'] as const) {
        ok(await post(caller, { body: `From ${caller}` }, did), 201);
      }
      expect(ok(await list('developer', '', did)).count).toBe(3);
    }
    refused(await list('admin', '', UNKNOWN), 404, 'NOT_FOUND');
  });

  it("lets the comment's author, the app's owner and Store admins delete it, and nobody else", async () => {
    const comments = [];
    for (const who of ['member', 'member', 'member', 'member'] as const) {
      comments.push(await posted(who, 'Spam?'));
      t.clock.advance(60);
    }
    const [byAuthor, byOwner, byAdmin, byPlatformOwner] = comments as StoreComment[];
    // Who may delete what, as each sees it.
    expect((await threads(null)).list.every((comment) => !comment.canDelete)).toBe(true);
    expect((await threads('invitee')).list.every((comment) => !comment.canDelete)).toBe(true);
    for (const who of ['member', 'developer', 'admin', 'owner'] as const) {
      expect((await threads(who)).list.every((comment) => comment.canDelete)).toBe(true);
    }

    refused(await remove(null, byAuthor!.id), 401, 'UNAUTHENTICATED');
    refused(await remove('invitee', byAuthor!.id), 403, 'FORBIDDEN');
    // The platform's developer passport grants nothing here.
    refused(await remove('devPassport', byAuthor!.id), 403, 'FORBIDDEN');
    expect(ok(await remove('member', byAuthor!.id))).toEqual({ id: byAuthor!.id, deleted: true });
    ok(await remove('developer', byOwner!.id));
    ok(await remove('admin', byAdmin!.id));
    ok(await remove('owner', byPlatformOwner!.id));
    // Without replies a deleted comment leaves the list; deleting it again finds nothing.
    expect(await threads()).toEqual({ list: [], count: 0 });
    refused(await remove('member', byAuthor!.id), 404, 'NOT_FOUND');
    // A comment is deleted through its own app's address only.
    const elsewhere: StoreComment = ok(await post('member', { body: 'Elsewhere' }, OTHER_APP), 201);
    refused(await remove('member', elsewhere.id), 404, 'NOT_FOUND');
  });

  it('keeps a deleted comment with replies as "deleted", its text and name erased from the database', async () => {
    const topic = await posted('member', 'My phone number is 555-0100');
    const reply = await posted('invitee', 'Please remove that', topic.id);
    t.clock.advance(60);
    ok(await remove('member', topic.id));

    const { list: shown, count } = await threads('member');
    expect(count).toBe(1);
    expect(shown[0]).toMatchObject({
      id: topic.id,
      deleted: true,
      body: '',
      author: null,
      canDelete: false,
      replyCount: 1,
      replies: [{ id: reply.id, body: 'Please remove that' }],
    });
    const row = await t.db
      .selectFrom('store_comments')
      .selectAll()
      .where('id', '=', topic.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ body: '', author_name: '', deleted_at: TEST_NOW + 60 });
    expect(JSON.stringify(await t.db.selectFrom('store_comments').selectAll().execute())).not.toContain(
      '555-0100',
    );

    // No new replies to a deleted comment; its last reply deleted, it leaves the list.
    refused(await post('member', { body: 'Hi', parentId: topic.id }), 404, 'NOT_FOUND');
    ok(await remove('invitee', reply.id));
    expect(await threads()).toEqual({ list: [], count: 0 });
  });

  it('takes five comments a minute and fifty a day from one user, deleted ones counted, on every app', async () => {
    for (let index = 0; index < 5; index += 1) {
      const comment = await posted('member', `Quick ${index}`, undefined);
      if (index === 0) ok(await remove('member', comment.id));
      t.clock.advance(10);
    }
    const limited = await post('member', 'One more', OTHER_APP);
    refused(limited, 429, 'COMMENT_RATE_LIMITED');
    // The first of the five was posted 50 s ago: it leaves the minute in 10 s.
    expect(limited.headers['retry-after']).toBe('10');
    // Others are not held back.
    await posted('invitee', 'Meanwhile');
    t.clock.advance(10);
    await posted('member', 'Again');

    // Fifty in a day: 44 more, a minute apart, then the day is full until the first leaves it.
    for (let index = 0; index < 44; index += 1) {
      t.clock.advance(60);
      await posted('member', `Slow ${index}`);
    }
    t.clock.advance(60);
    const daily = await post('member', 'The fifty-first');
    refused(daily, 429, 'COMMENT_RATE_LIMITED');
    const elapsed = t.clock.now() - TEST_NOW;
    expect(Number(daily.headers['retry-after'])).toBe(DAY - elapsed);
    t.clock.advance(DAY - elapsed);
    await posted('member', 'The next day');
  });

  it('counts posts sent at once against the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => post('member', `Burst ${index}`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 201, 201, 201, 201, 429, 429, 429,
    ]);
    expect((await threads()).count).toBe(5);
  });

  it('tells every page of a posted or deleted comment by the app and comment ids alone', async () => {
    const secretive = makeUser('secretive', 'member', 'hidden@example.com');
    const comment = await posted(secretive, 'A private thought');
    ok(await remove(secretive, comment.id));
    expect(t.relayed).toHaveLength(2);
    const [created, deleted] = t.relayed;
    expect(created).toEqual({
      event: {
        id: expect.stringMatching(/^evt_/),
        type: 'store.comment.created',
        livemode: false,
        created: TEST_NOW,
        data: { id: comment.id, app_did: APP },
      },
      audience: { everyone: true, userDids: [], roles: [], secretHashes: [] },
    });
    expect(deleted?.event).toMatchObject({
      type: 'store.comment.deleted',
      data: { id: comment.id, app_did: APP },
    });
    const heard = JSON.stringify(t.relayed);
    for (const secret of ['A private thought', 'secretive', 'Secretive', 'hidden@example.com']) {
      expect(heard).not.toContain(secret);
    }
  });

  it('tells only its managers of a comment on an app the public does not see', async () => {
    const PRIVATE = `did:key:z6Mk${'D'.repeat(44)}`;
    await addApp(PRIVATE, { visibility: 'private' });
    ok(await post('developer', { body: 'Note to self' }, PRIVATE), 201);
    expect(t.relayed.map((delivery) => delivery.audience)).toEqual([
      { everyone: false, userDids: [USERS.developer.did], roles: ['owner', 'admin'], secretHashes: [] },
    ]);
  });
});
