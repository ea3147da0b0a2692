import { readFileSync } from 'node:fs';
import {
  ANALYTICS_PATH,
  CONSENT_COOKIE,
  type AnalyticsCountsResponse,
  type AnalyticsPing,
} from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformLimits } from '../limits.ts';
import { createTestPlatform, TEST_CLOCK_START, type TestPlatform } from '../testing.ts';
import { ANALYTICS_SCRIPT_MAX_AGE_SECONDS } from './routes.ts';

const PUBLIC_URL = 'https://shop.example';
const CONSENTED = `${CONSENT_COOKIE}=accepted`;
/** What a page of the site sends with its beacon. */
const FROM_PAGE = { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL };
/** The test clock's first day, 2027-01-15 (UTC). */
const TODAY = new Date(TEST_CLOCK_START * 1_000).toISOString().slice(0, 10);
const DAY_SECONDS = 86_400;

describe.each(TEST_DIALECTS)('analytics on %s', (dialect) => {
  let platform: TestPlatform;

  afterEach(async () => {
    await platform.close();
  });

  async function open(limits: Partial<PlatformLimits> = {}) {
    platform = await createTestPlatform(dialect, { components: () => [], publicUrl: PUBLIC_URL, limits });
  }

  const sendPings = (pings: unknown, options: { cookie?: string; headers?: Record<string, string> } = {}) =>
    platform.app.inject({
      method: 'POST',
      url: `${ANALYTICS_PATH}/pings`,
      headers: { ...FROM_PAGE, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      payload: { pings },
    });

  /** Every stored row, read behind the API's back: what the tests check is what the table holds. */
  const storedRows = () =>
    platform.database.db
      .selectFrom('platform_analytics_daily')
      .select(['day', 'kind', 'name', 'path', 'count'])
      .orderBy('day')
      .orderBy('kind')
      .orderBy('name')
      .orderBy('path')
      .execute();

  let signIns = 0;
  /** Signs a new person in and gives them `role` (the first on a platform would be its owner otherwise). */
  async function signInAs(role: 'owner' | 'admin' | 'developer' | 'member') {
    signIns += 1;
    const person = await platform.signIn(`${role}${signIns}@example.com`);
    await platform.database.db
      .updateTable('platform_users')
      .set({ role })
      .where('did', '=', person.user.did)
      .execute();
    return person.cookie;
  }

  const readCounts = async (query: string, cookie: string) =>
    platform.app.inject({ url: `${ANALYTICS_PATH}/counts${query}`, headers: { cookie } });

  it('serves the client script as JavaScript, cached for a few minutes', async () => {
    await open();
    const response = await platform.app.inject({ url: `${ANALYTICS_PATH}/script.js` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe(`public, max-age=${ANALYTICS_SCRIPT_MAX_AGE_SECONDS}`);
    // script.test.ts runs this very file in a fake page.
    expect(response.body).toBe(readFileSync(new URL('./script.js', import.meta.url), 'utf8'));
    expect(response.body).toContain(`'${ANALYTICS_PATH}/pings'`);
  });

  it('answers pings without the consent cookie and stores nothing', async () => {
    await open();
    const pings = [{ type: 'pageview', path: '/apps/42' }];
    for (const cookie of [
      undefined,
      `${CONSENT_COOKIE}=declined`,
      `${CONSENT_COOKIE}=yes`,
      'other=accepted',
    ]) {
      const response = await sendPings(pings, { cookie });
      expect(response.statusCode, cookie).toBe(204);
      expect(response.body, cookie).toBe('');
    }
    expect(await storedRows()).toEqual([]);
  });

  it('counts consented pings per day, kind, event name and path, and nothing about who sent them', async () => {
    await open();
    const pings: AnalyticsPing[] = [
      { type: 'pageview', path: '/' },
      { type: 'pageview', path: '/apps/42' },
      { type: 'pageview', path: '/' },
      { type: 'event', name: 'language.change', path: '/' },
      { type: 'event', name: 'language.change', path: '/' },
      { type: 'event', name: 'checkout:submit', path: '/apps/42' },
    ];
    expect((await sendPings(pings, { cookie: CONSENTED })).statusCode).toBe(204);
    expect((await sendPings([{ type: 'pageview', path: '/' }], { cookie: CONSENTED })).statusCode).toBe(204);
    platform.clock.advance(DAY_SECONDS);
    const tomorrow = new Date((TEST_CLOCK_START + DAY_SECONDS) * 1_000).toISOString().slice(0, 10);
    expect((await sendPings([{ type: 'pageview', path: '/' }], { cookie: CONSENTED })).statusCode).toBe(204);

    expect(await storedRows()).toEqual([
      { day: TODAY, kind: 'event', name: 'checkout:submit', path: '/apps/42', count: 1 },
      { day: TODAY, kind: 'event', name: 'language.change', path: '/', count: 2 },
      { day: TODAY, kind: 'pageview', name: '', path: '/', count: 3 },
      { day: TODAY, kind: 'pageview', name: '', path: '/apps/42', count: 1 },
      { day: tomorrow, kind: 'pageview', name: '', path: '/', count: 1 },
    ]);
  });

  it('loses no count when batches adding to the same rows arrive at once', async () => {
    await open();
    const forwards: AnalyticsPing[] = [
      { type: 'pageview', path: '/a' },
      { type: 'pageview', path: '/b' },
      { type: 'event', name: 'open', path: '/a' },
    ];
    const batches = Array.from({ length: 12 }, (_, index) => (index % 2 ? forwards : forwards.toReversed()));
    const statuses = await Promise.all(batches.map((pings) => sendPings(pings, { cookie: CONSENTED })));
    expect(statuses.map((response) => response.statusCode)).toEqual(batches.map(() => 204));
    expect(await storedRows()).toEqual([
      { day: TODAY, kind: 'event', name: 'open', path: '/a', count: 12 },
      { day: TODAY, kind: 'pageview', name: '', path: '/a', count: 12 },
      { day: TODAY, kind: 'pageview', name: '', path: '/b', count: 12 },
    ]);
  });

  it('drops the query string and fragment before storing a path', async () => {
    await open();
    const pings: AnalyticsPing[] = [
      { type: 'pageview', path: '/customer/invoice/in_1?email=ann@example.com&token=secret' },
      { type: 'pageview', path: '/customer/invoice/in_1#access_token=secret' },
      { type: 'event', name: 'search', path: '/search?q=ann%40example.com' },
      { type: 'pageview', path: '/?' },
    ];
    expect((await sendPings(pings, { cookie: CONSENTED })).statusCode).toBe(204);
    expect(await storedRows()).toEqual([
      { day: TODAY, kind: 'event', name: 'search', path: '/search', count: 1 },
      { day: TODAY, kind: 'pageview', name: '', path: '/', count: 1 },
      { day: TODAY, kind: 'pageview', name: '', path: '/customer/invoice/in_1', count: 2 },
    ]);
  });

  it.each([
    ['no pings', []],
    ['21 pings', Array.from({ length: 21 }, () => ({ type: 'pageview', path: '/' }))],
    ['a path without its leading slash', [{ type: 'pageview', path: 'apps/42' }]],
    ['an absolute URL', [{ type: 'pageview', path: 'https://shop.example/apps/42' }]],
    ['a path of 513 characters', [{ type: 'pageview', path: `/${'a'.repeat(512)}` }]],
    ['an event without a name', [{ type: 'event', path: '/' }]],
    ['an event name with a space', [{ type: 'event', name: 'language change', path: '/' }]],
    ['an event name of 65 characters', [{ type: 'event', name: 'a'.repeat(65), path: '/' }]],
    ['an unknown kind', [{ type: 'click', path: '/' }]],
    [
      'one bad ping among good ones',
      [
        { type: 'pageview', path: '/' },
        { type: 'pageview', path: 'x' },
      ],
    ],
  ])('refuses %s with VALIDATION_FAILED and writes nothing', async (_case, pings) => {
    await open();
    const response = await sendPings(pings, { cookie: CONSENTED });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(await storedRows()).toEqual([]);
  });

  it('takes the longest allowed path and event name', async () => {
    await open();
    const path = `/${'a'.repeat(511)}`;
    const name = `Z.${'b'.repeat(62)}`;
    const response = await sendPings([{ type: 'event', name, path }], { cookie: CONSENTED });
    expect(response.statusCode).toBe(204);
    expect(await storedRows()).toEqual([{ day: TODAY, kind: 'event', name, path, count: 1 }]);
  });

  it.each([
    ['another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, 403],
    [
      'another port of the same host',
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.example:8443' },
      403,
    ],
    ['an older browser on another site', { origin: 'https://evil.example' }, 403],
    ['a text/plain post from the site', { ...FROM_PAGE, 'content-type': 'text/plain' }, 415],
  ])(
    'refuses pings from %s and writes nothing',
    async (_case, headers: Record<string, string>, status: number) => {
      await open();
      const response = await platform.app.inject({
        method: 'POST',
        url: `${ANALYTICS_PATH}/pings`,
        headers: { 'content-type': 'application/json', cookie: CONSENTED, ...headers },
        payload: JSON.stringify({ pings: [{ type: 'pageview', path: '/' }] }),
      });
      expect(response.statusCode).toBe(status);
      expect(response.json().error.code).toBe(
        status === 403 ? 'CROSS_ORIGIN_REFUSED' : 'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(await storedRows()).toEqual([]);
    },
  );

  it('limits pings per network address, signed in or not', async () => {
    await open({ analyticsPingsPerMinute: 2 });
    const { cookie } = await platform.signIn('ann@example.com');
    const ping = (remoteAddress: string, extraCookie?: string): InjectOptions => ({
      method: 'POST',
      url: `${ANALYTICS_PATH}/pings`,
      remoteAddress,
      headers: { ...FROM_PAGE, cookie: [CONSENTED, extraCookie].filter(Boolean).join('; ') },
      payload: { pings: [{ type: 'pageview', path: '/' }] },
    });
    const statuses: number[] = [];
    for (const extraCookie of [undefined, cookie, undefined]) {
      statuses.push((await platform.app.inject(ping('203.0.113.7', extraCookie))).statusCode);
    }
    expect(statuses).toEqual([204, 204, 429]);
    expect((await platform.app.inject(ping('198.51.100.1'))).statusCode).toBe(204);
    expect(await storedRows()).toEqual([{ day: TODAY, kind: 'pageview', name: '', path: '/', count: 3 }]);
  });

  it('shows the counts to owners and admins only', async () => {
    await open();
    await sendPings([{ type: 'pageview', path: '/' }], { cookie: CONSENTED });

    const guest = await platform.app.inject({ url: `${ANALYTICS_PATH}/counts?from=bad` });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.code).toBe('UNAUTHENTICATED');
    for (const role of ['member', 'developer'] as const) {
      const refused = await readCounts('', await signInAs(role));
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().error.code, role).toBe('FORBIDDEN');
    }
    for (const role of ['owner', 'admin'] as const) {
      const response = await readCounts('', await signInAs(role));
      expect(response.statusCode, role).toBe(200);
      expect(response.headers['cache-control'], role).toBe('no-store');
      expect(response.json(), role).toEqual({
        list: [{ day: TODAY, kind: 'pageview', name: '', path: '/', count: 1 }],
        total: 1,
      });
    }
  });

  it('lists the last 30 days by default, newest day first and busiest first, filtered by kind and path', async () => {
    await open();
    const dayOf = (offset: number) =>
      new Date((TEST_CLOCK_START + offset * DAY_SECONDS) * 1_000).toISOString().slice(0, 10);
    const pings: AnalyticsPing[] = [
      { type: 'pageview', path: '/' },
      { type: 'pageview', path: '/apps/42' },
      { type: 'pageview', path: '/apps/42' },
      { type: 'event', name: 'language.change', path: '/' },
    ];
    // Counted on days 0, 2 and 31: the 30 days up to day 31 start at day 2, so day 0 is left out.
    for (const [offset, advance] of [
      [0, 0],
      [2, 2],
      [31, 29],
    ] as const) {
      platform.clock.advance(advance * DAY_SECONDS);
      expect((await sendPings(pings, { cookie: CONSENTED })).statusCode, dayOf(offset)).toBe(204);
    }
    // Signed in last: a session lasts 30 days of the test clock.
    const cookie = await signInAs('admin');
    const rowsOf = (offset: number) => [
      { day: dayOf(offset), kind: 'pageview', name: '', path: '/apps/42', count: 2 },
      { day: dayOf(offset), kind: 'event', name: 'language.change', path: '/', count: 1 },
      { day: dayOf(offset), kind: 'pageview', name: '', path: '/', count: 1 },
    ];

    const recent = (await readCounts('', cookie)).json<AnalyticsCountsResponse>();
    expect(recent).toEqual({ list: [...rowsOf(31), ...rowsOf(2)], total: 8 });

    const everything = (await readCounts(`?from=${dayOf(0)}&to=${dayOf(31)}`, cookie)).json();
    expect(everything).toEqual({ list: [...rowsOf(31), ...rowsOf(2), ...rowsOf(0)], total: 12 });

    const firstDay = (await readCounts(`?from=${dayOf(0)}&to=${dayOf(0)}&kind=event`, cookie)).json();
    expect(firstDay).toEqual({
      list: [{ day: dayOf(0), kind: 'event', name: 'language.change', path: '/', count: 1 }],
      total: 1,
    });

    const onePage = (await readCounts(`?from=${dayOf(0)}&path=%2Fapps%2F42&kind=`, cookie)).json();
    expect(onePage.list.map((row: { day: string }) => row.day)).toEqual([dayOf(31), dayOf(2), dayOf(0)]);
    expect(onePage.total).toBe(6);

    const nothing = (await readCounts(`?from=2020-01-01&to=2020-01-31`, cookie)).json();
    expect(nothing).toEqual({ list: [], total: 0 });
  });

  it.each([
    ['a range longer than 366 days', '?from=2026-01-01&to=2027-01-02'],
    ['a range that ends before it starts', '?from=2027-01-15&to=2027-01-14'],
    ['a start more than a year before today', '?from=2025-01-01'],
    ['a day that does not exist', '?from=2027-02-30&to=2027-03-01'],
    ['a day in another format', '?from=15.01.2027'],
    ['an unknown kind', '?kind=click'],
  ])('refuses %s with VALIDATION_FAILED', async (_case, query) => {
    await open();
    const response = await readCounts(query, await signInAs('owner'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers a range of exactly 366 days', async () => {
    await open();
    const response = await readCounts('?from=2026-01-15&to=2027-01-15', await signInAs('owner'));
    expect(response.statusCode).toBe(200);
  });
});
