import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { ANALYTICS_PATH, analyticsPingsBodySchema } from '@bazaar/schemas';
import { describe, expect, it } from 'vitest';

const SCRIPT = readFileSync(new URL('./script.js', import.meta.url), 'utf8');
const ENDPOINT = `${ANALYTICS_PATH}/pings`;

interface Sent {
  via: 'beacon' | 'fetch';
  url: string;
  contentType: string;
  keepalive?: boolean;
  pings: unknown[];
}

interface FakePageOptions {
  /** What the page pushed before the script came. */
  queue?: unknown[];
  /** What sendBeacon does: answer true (queued), false (refused), throw, or be missing. */
  beacon?: 'accept' | 'refuse' | 'throw' | 'missing';
  fetch?: 'resolve' | 'reject' | 'throw';
}

/**
 * A page as the script sees it: a window with the queue, a document, a navigator, and timers
 * the test runs by hand. The script runs in a context of its own, as in a browser.
 */
function openFakePage(options: FakePageOptions = {}) {
  const pending: Promise<void>[] = [];
  const sent: Sent[] = [];
  const timers = new Map<number, { callback: () => void; delay: number }>();
  let nextTimer = 1;
  const listeners: Record<string, (() => void)[]> = {};
  const listen = (target: string) => (type: string, listener: () => void) => {
    (listeners[`${target}:${type}`] ??= []).push(listener);
  };

  const window: Record<string, unknown> = { addEventListener: listen('window') };
  if (options.queue) window.bazaarAnalytics = options.queue;
  const document = { visibilityState: 'visible', addEventListener: listen('document') };
  const navigator: Record<string, unknown> = {};
  if (options.beacon !== 'missing') {
    navigator.sendBeacon = (url: string, body: Blob) => {
      if (options.beacon === 'throw') throw new TypeError('Beacons of this type are not allowed');
      if (options.beacon === 'refuse') return false;
      pending.push(
        body.text().then((text) => {
          sent.push({ via: 'beacon', url, contentType: body.type, pings: JSON.parse(text).pings });
        }),
      );
      return true;
    };
  }
  const fetch = (
    url: string,
    init: { body: string; headers: Record<string, string>; keepalive: boolean },
  ) => {
    if (options.fetch === 'throw') throw new TypeError('fetch is broken');
    sent.push({
      via: 'fetch',
      url,
      contentType: init.headers['content-type'] ?? '',
      keepalive: init.keepalive,
      pings: JSON.parse(init.body).pings,
    });
    return options.fetch === 'reject'
      ? Promise.reject(new TypeError('offline'))
      : Promise.resolve({ ok: true });
  };
  const context = createContext({
    window,
    document,
    navigator,
    Blob,
    fetch,
    setTimeout: (callback: () => void, delay: number) => {
      timers.set(nextTimer, { callback, delay });
      return nextTimer++;
    },
    clearTimeout: (id: number) => void timers.delete(id),
  });

  return {
    window,
    document,
    timers,
    load: () => runInContext(SCRIPT, context),
    push: (command: unknown) => (window.bazaarAnalytics as { push(command: unknown): unknown }).push(command),
    /** Runs every timer that is due, as a second passing would. */
    runTimers() {
      const due = [...timers.values()];
      timers.clear();
      for (const timer of due) timer.callback();
    },
    fire(target: 'window' | 'document', type: string) {
      for (const listener of listeners[`${target}:${type}`] ?? []) listener();
    },
    async sent() {
      await Promise.all(pending);
      return sent;
    },
  };
}

const pageview = (path: string) => ['pageview', path];

describe('the analytics script', () => {
  it('drains the queue the page filled before it loaded and sends it as one beacon a second later', async () => {
    const queue = [pageview('/'), ['event', 'language.change', '/apps/42'], pageview('/apps/42?tab=reviews')];
    const page = openFakePage({ queue });
    page.load();

    expect(Array.isArray(page.window.bazaarAnalytics)).toBe(false);
    expect(typeof (page.window.bazaarAnalytics as { push: unknown }).push).toBe('function');
    expect(await page.sent()).toEqual([]);
    expect([...page.timers.values()].map((timer) => timer.delay)).toEqual([1_000]);

    page.runTimers();
    const sent = await page.sent();
    expect(sent).toEqual([
      {
        via: 'beacon',
        url: ENDPOINT,
        contentType: 'application/json',
        pings: [
          { type: 'pageview', path: '/' },
          { type: 'event', name: 'language.change', path: '/apps/42' },
          { type: 'pageview', path: '/apps/42?tab=reviews' },
        ],
      },
    ]);
    expect(analyticsPingsBodySchema.safeParse({ pings: sent[0]!.pings }).success).toBe(true);
  });

  it('batches what is pushed after it loaded, with one timer for the batch', async () => {
    const page = openFakePage();
    page.load();
    page.push(pageview('/a'));
    page.push(pageview('/b'));
    expect(page.timers.size).toBe(1);
    page.runTimers();
    page.push(pageview('/c'));
    page.runTimers();
    expect((await page.sent()).map((batch) => batch.pings.length)).toEqual([2, 1]);
  });

  it('sends at once when 20 wait, and batches at most 20', async () => {
    const page = openFakePage({ queue: Array.from({ length: 25 }, (_, index) => pageview(`/${index}`)) });
    page.load();
    expect((await page.sent()).map((batch) => batch.pings.length)).toEqual([20]);
    for (let index = 0; index < 15; index += 1) page.push(pageview(`/more/${index}`));
    expect((await page.sent()).map((batch) => batch.pings.length)).toEqual([20, 20]);
    page.runTimers();
    expect((await page.sent()).map((batch) => batch.pings.length)).toEqual([20, 20]);
  });

  it('sends what waits when the page is left or hidden, not when it shows again', async () => {
    const page = openFakePage();
    page.load();
    page.push(pageview('/a'));
    page.fire('window', 'pagehide');
    expect((await page.sent()).length).toBe(1);
    expect(page.timers.size).toBe(0);

    page.push(pageview('/b'));
    page.fire('document', 'visibilitychange');
    expect((await page.sent()).length).toBe(1);
    page.document.visibilityState = 'hidden';
    page.fire('document', 'visibilitychange');
    expect((await page.sent()).length).toBe(2);
  });

  it.each(['refuse', 'throw', 'missing'] as const)(
    'falls back to fetch with keepalive when the beacon is %s',
    async (beacon) => {
      const page = openFakePage({ beacon, queue: [pageview('/')] });
      page.load();
      page.runTimers();
      expect(await page.sent()).toEqual([
        {
          via: 'fetch',
          url: ENDPOINT,
          contentType: 'application/json',
          keepalive: true,
          pings: [{ type: 'pageview', path: '/' }],
        },
      ]);
    },
  );

  it('drops commands the server would refuse, so they never cost the rest of their batch', async () => {
    const page = openFakePage({
      queue: [
        null,
        'pageview',
        ['pageview'],
        pageview('apps/42'),
        pageview(`/${'a'.repeat(512)}`),
        ['event', 'language change', '/'],
        ['event', 'a'.repeat(65), '/'],
        ['event', 'open', 'no-slash'],
        ['click', '/'],
        ['event', 'open', '/'],
      ],
    });
    page.load();
    page.runTimers();
    expect((await page.sent()).map((batch) => batch.pings)).toEqual([
      [{ type: 'event', name: 'open', path: '/' }],
    ]);
  });

  it('never throws into the page, whatever fails', async () => {
    for (const options of [
      { beacon: 'throw', fetch: 'throw' },
      { beacon: 'refuse', fetch: 'reject' },
    ] as const) {
      const page = openFakePage({ ...options, queue: [pageview('/')] });
      expect(() => page.load()).not.toThrow();
      expect(() => page.push(pageview('/a'))).not.toThrow();
      expect(() => page.runTimers()).not.toThrow();
      expect(() => page.fire('window', 'pagehide')).not.toThrow();
      await page.sent();
    }
    const broken = openFakePage();
    broken.window.addEventListener = () => {
      throw new Error('no events here');
    };
    expect(() => broken.load()).not.toThrow();
  });

  it('keeps the first copy when loaded twice', async () => {
    const page = openFakePage({ queue: [pageview('/')] });
    page.load();
    const sender = page.window.bazaarAnalytics;
    page.load();
    expect(page.window.bazaarAnalytics).toBe(sender);
    page.runTimers();
    expect((await page.sent()).length).toBe(1);
  });
});
