import type { RelayEvent, StoreComment, StoreCommentThread } from '@bazaar/schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStoreRoute } from '../../test-utils/render-store-route.tsx';
import { createStoreApiStub, refusal, type SentRequest } from '../../test-utils/store-api-stub.ts';
import { APP_DID, TEST_NOW, USERS } from '../../test-utils/store-builders.ts';
import { AppComments } from './app-comments.tsx';

const api = createStoreApiStub();
const COMMENTS_PATH = `/api/apps/${APP_DID}/comments`;
const PAGE_PATH = `/apps/${APP_DID}`;

function makeComment(overrides: Partial<StoreComment> = {}): StoreComment {
  return {
    id: 'scm_1',
    appDid: APP_DID,
    parentId: null,
    author: { did: USERS.admin.did, name: USERS.admin.fullName },
    body: 'Works well on my phone.',
    createdAt: TEST_NOW - 2 * 86_400,
    deleted: false,
    canDelete: false,
    ...overrides,
  };
}

function makeThread(overrides: Partial<StoreCommentThread> = {}): StoreCommentThread {
  return { ...makeComment(overrides), replies: [], replyCount: 0, ...overrides };
}

/** The threads the stub serves, newest first, paged as the server pages them. */
let threads: StoreCommentThread[];

function serveThreads(request: SentRequest) {
  const page = Number(request.query.get('page') ?? 1);
  const pageSize = Number(request.query.get('pageSize') ?? 10);
  return { body: { list: threads.slice((page - 1) * pageSize, page * pageSize), count: threads.length } };
}

/** A stand-in for the relay's socket: it confirms subscriptions, and tests deliver events through it. */
function installFakeRelay() {
  const sockets = new Set<EventTarget>();
  const subscribed: string[] = [];
  class FakeRelaySocket extends EventTarget {
    constructor() {
      super();
      sockets.add(this);
      queueMicrotask(() => this.dispatchEvent(new Event('open')));
    }
    send(data: string) {
      const message = JSON.parse(data) as { type: string; channel: string };
      const confirmation = JSON.stringify({ type: 'subscribed', channel: message.channel });
      if (message.type === 'subscribe') {
        subscribed.push(message.channel);
        queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data: confirmation })));
      }
    }
    close() {
      sockets.delete(this);
    }
  }
  vi.stubGlobal('WebSocket', FakeRelaySocket);
  return {
    /** The channels the page subscribed to, in order. */
    subscribed,
    deliver(event: Pick<RelayEvent, 'type' | 'data'>) {
      const data = JSON.stringify({
        type: 'event',
        channel: 'relay:bazaar:events',
        event: { id: 'evt_1', livemode: false, created: TEST_NOW, ...event },
      });
      for (const socket of sockets) socket.dispatchEvent(new MessageEvent('message', { data }));
    },
  };
}

let relay: ReturnType<typeof installFakeRelay>;
beforeAll(() => {
  api.install();
  relay = installFakeRelay();
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  api.reset(USERS.member);
  relay.subscribed.length = 0;
  // The sign-in address comes back to where the browser is.
  window.history.replaceState(null, '', PAGE_PATH);
  vi.useFakeTimers({ now: TEST_NOW * 1000, toFake: ['Date'] });
  threads = [
    makeThread({ id: 'scm_2', body: 'Does it sync between devices?', createdAt: TEST_NOW - 5 * 60 }),
    makeThread(),
  ];
  api.on('GET', COMMENTS_PATH, serveThreads);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const openComments = (locale: 'en' | 'zh' = 'en') =>
  renderStoreRoute(
    PAGE_PATH,
    <Route path="/apps/:did" element={<AppComments appDid={APP_DID} ownerDid={USERS.owner.did} />} />,
    { locale },
  );
const commentList = () => screen.findByRole('list', { name: /^Comments/ });
const itemOf = async (text: string) => (await screen.findByText(text)).closest('li')!;

describe('AppComments', () => {
  it('lists the comments newest first with their authors, pictures and times, a page at a time', async () => {
    threads = Array.from({ length: 12 }, (_, index) =>
      makeThread({ id: `scm_${index}`, body: `Comment ${index}`, createdAt: TEST_NOW - index * 3 * 3_600 }),
    );
    threads[3] = { ...threads[3]!, author: { did: USERS.owner.did, name: 'Olivia' } };
    openComments();

    expect(await screen.findByRole('heading', { name: 'Comments (12)' })).toBeTruthy();
    const list = await commentList();
    const bodies = () =>
      within(list)
        .getAllByText(/^Comment \d+$/)
        .map((element) => element.textContent);
    expect(bodies()).toEqual(Array.from({ length: 10 }, (_, index) => `Comment ${index}`));
    const first = await itemOf('Comment 0');
    expect(within(first).getByText('just now')).toBeTruthy();
    expect(within(await itemOf('Comment 2')).getByText('6 h ago')).toBeTruthy();
    expect(within(first).getByRole('img').getAttribute('src')).toBe(
      `/.well-known/service/user/avatar/${encodeURIComponent(USERS.admin.did)}?size=64`,
    );
    // The app's owner speaks as its developer.
    expect(within(await itemOf('Comment 3')).getByText('Developer')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    await waitFor(() => expect(bodies()).toHaveLength(12));
    expect(within(await itemOf('Comment 11')).getByText('2025-12-30 15:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more comments' })).toBeNull();
    expect(api.sent('GET', COMMENTS_PATH).map((request) => request.query.get('page'))).toContain('2');
  });

  it('asks a visitor to sign in and come back to this page, and offers no reply', async () => {
    api.reset(null);
    api.on('GET', COMMENTS_PATH, serveThreads);
    openComments();
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(
      `/.well-known/service/user/login?redirect=${encodeURIComponent(PAGE_PATH)}`,
    );
    expect(screen.getByText('Sign in to comment and reply.')).toBeTruthy();
    await commentList();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('posts a comment as typed, counting its characters, and reads the list again', async () => {
    api.on('POST', COMMENTS_PATH, (request) => {
      const { body } = request.body as { body: string };
      const comment = makeThread({
        id: 'scm_new',
        body: body.trim(),
        author: { did: USERS.member.did, name: 'Mia' },
      });
      threads = [comment, ...threads];
      return { status: 201, body: comment };
    });
    openComments();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const field = await screen.findByRole('textbox', { name: 'Write a comment' });
    await user.type(field, 'Love it 🙂');
    expect(screen.getByText('9/2000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('Love it 🙂')).toBeTruthy();
    expect(api.sent('POST', COMMENTS_PATH).map((request) => request.body)).toEqual([{ body: 'Love it 🙂' }]);
    expect((field as HTMLTextAreaElement).value).toBe('');
    expect(await screen.findByRole('heading', { name: 'Comments (3)' })).toBeTruthy();
  });

  it('refuses an empty or overlong comment before sending it, and shows what the server refused', async () => {
    api.on('POST', COMMENTS_PATH, refusal(429, 'COMMENT_RATE_LIMITED'));
    openComments();
    const field = await screen.findByRole('textbox', { name: 'Write a comment' });
    const post = screen.getByRole('button', { name: 'Post' });
    fireEvent.click(post);
    expect(await screen.findByText('Write something first.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'x'.repeat(2_001) } });
    expect(screen.getByText('2001/2000')).toBeTruthy();
    fireEvent.click(post);
    expect(await screen.findByText('At most 2000 characters: this one has 2001.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'tab\there' } });
    fireEvent.click(post);
    expect(await screen.findByText(/Remove the invisible control characters/)).toBeTruthy();
    expect(api.sent('POST', COMMENTS_PATH)).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'Again and again' } });
    fireEvent.click(post);
    expect(await screen.findByText(/You are commenting faster than the Store allows/)).toBeTruthy();
  });

  it('replies to a reply within its thread, and shows all replies on request', async () => {
    const replies = Array.from({ length: 5 }, (_, index) =>
      makeComment({
        id: `scm_r${index}`,
        parentId: 'scm_2',
        body: `Reply ${index}`,
        author: { did: USERS.owner.did, name: `Replier ${index}` },
      }),
    );
    threads[0] = { ...threads[0]!, replies: replies.slice(0, 3), replyCount: 5 };
    api.on('GET', `${COMMENTS_PATH}/scm_2/replies`, { body: { list: replies, count: 5 } });
    api.on('POST', COMMENTS_PATH, (request) => ({
      status: 201,
      body: makeComment({ id: 'scm_x', parentId: 'scm_2', body: (request.body as { body: string }).body }),
    }));
    openComments();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    const replyList = await screen.findByRole('list', { name: 'Replies to Adam' });
    expect(
      within(replyList)
        .getAllByText(/^Reply \d$/)
        .map((element) => element.textContent),
    ).toEqual(['Reply 0', 'Reply 1', 'Reply 2']);
    await user.click(screen.getByRole('button', { name: 'Show all 5 replies' }));
    expect(await within(replyList).findByText('Reply 4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show all 5 replies' })).toBeNull();

    const reply1 = await itemOf('Reply 1');
    await user.click(within(reply1).getByRole('button', { name: 'Reply' }));
    const replyBox = screen.getByRole('textbox', { name: 'Replying to Replier 1' });
    await user.type(replyBox, 'Same here');
    await user.click(within(replyBox.closest('form')!).getByRole('button', { name: 'Reply' }));
    await waitFor(() =>
      expect(api.sent('POST', COMMENTS_PATH).map((request) => request.body)).toEqual([
        { body: 'Same here', parentId: 'scm_r1' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Replying to Replier 1' })).toBeNull());
  });

  it('offers Delete only where the server allows it, and deletes after confirming', async () => {
    threads = [
      makeThread({
        id: 'scm_mine',
        body: 'Mine',
        canDelete: true,
        author: { did: USERS.member.did, name: 'Mia' },
      }),
      makeThread({ id: 'scm_theirs', body: 'Theirs' }),
    ];
    api.on('DELETE', `${COMMENTS_PATH}/:id`, (_request, { id }) => {
      threads = threads.filter((thread) => thread.id !== id);
      return { body: { id, deleted: true } };
    });
    openComments();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(within(await itemOf('Theirs')).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(await itemOf('Mine')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Mine')).toBeNull());
    expect(api.sent('DELETE', `${COMMENTS_PATH}/scm_mine`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a deleted comment that has replies as deleted, without its author', async () => {
    threads = [
      makeThread({
        id: 'scm_gone',
        author: null,
        body: '',
        deleted: true,
        replies: [makeComment({ id: 'scm_kept', parentId: 'scm_gone', body: 'An answer' })],
        replyCount: 1,
      }),
    ];
    openComments();
    const item = await itemOf('This comment was deleted');
    expect(within(item).getByText('An answer')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Replies to This comment was deleted' })).toBeTruthy();
  });

  it('makes http(s) addresses links that open apart, and leaves any other address as text', async () => {
    threads = [
      makeThread({
        body: 'Docs: https://example.com/docs. Not this: javascript:alert(1) nor <b>bold</b>',
      }),
    ];
    openComments();
    const link = await screen.findByRole('link', { name: 'https://example.com/docs' });
    expect(link.getAttribute('href')).toBe('https://example.com/docs');
    expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(link.getAttribute('target')).toBe('_blank');
    const item = link.closest('li')!;
    expect(within(item).getAllByRole('link')).toHaveLength(1);
    expect(item.querySelector('b')).toBeNull();
    expect(item.textContent).toContain('javascript:alert(1) nor <b>bold</b>');
  });

  it("reads the comments again when the relay says one of this app's changed, and only then", async () => {
    openComments();
    await commentList();
    await waitFor(() => expect(relay.subscribed).toEqual(['relay:bazaar:events']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reads = api.sent('GET', COMMENTS_PATH).length;
    threads = [makeThread({ id: 'scm_live', body: 'Posted elsewhere' }), ...threads];

    relay.deliver({ type: 'store.comment.created', data: { id: 'scm_other', app_did: 'did:key:z6MkOther' } });
    relay.deliver({ type: 'donation.updated', data: { id: 'plink_1' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.sent('GET', COMMENTS_PATH)).toHaveLength(reads);

    relay.deliver({ type: 'store.comment.created', data: { id: 'scm_live', app_did: APP_DID } });
    expect(await screen.findByText('Posted elsewhere')).toBeTruthy();
    expect(api.sent('GET', COMMENTS_PATH)).toHaveLength(reads + 1);
  });

  it('speaks Chinese', async () => {
    threads[1] = { ...threads[1]!, canDelete: true };
    openComments('zh');
    expect(await screen.findByRole('heading', { name: '评论（2）' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '写评论' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '发布' })).toBeTruthy();
    expect(await screen.findByText('5 分钟前')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '回复' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: '删除' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('请先写点内容。')).toBeTruthy();
  });
});
