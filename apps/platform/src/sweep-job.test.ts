import type { Database } from '@bazaar/server-kit';
import { explainQueryPlans, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sweepExpiredRows } from './sweep-job.ts';
import { createTestPlatform, TEST_CLOCK_START, type TestPlatform } from './testing.ts';
import { insertNonce, type UserServiceDb } from './user-service/repository.ts';

const NOW = TEST_CLOCK_START;
const DAY = 24 * 3_600;

/** Two rows a table past their time (`old1`, `old2`) and one still live (`live`). */
async function insertRows(database: Database) {
  const db = database.db as UserServiceDb;
  const ages = { old1: NOW - 1, old2: NOW, live: NOW + 1 };
  await db
    .insertInto('platform_users')
    .values({
      did: 'did:bazaar:someone',
      name: 'someone',
      email: null,
      wallet_address: null,
      role: 'member',
      avatar: null,
      created_at: NOW - 40 * DAY,
      last_login_at: NOW - 40 * DAY,
    })
    .execute();
  for (const [name, expiresAt] of Object.entries(ages)) {
    await db.insertInto('platform_nonces').values({ nonce: name, expires_at: expiresAt }).execute();
    await db
      .insertInto('platform_sessions')
      .values({
        token_hash: name,
        user_did: 'did:bazaar:someone',
        created_at: NOW - 30 * DAY,
        expires_at: expiresAt,
      })
      .execute();
    await db
      .insertInto('platform_email_codes')
      .values({
        email: name,
        code_hash: 'h',
        attempts: 0,
        created_at: expiresAt - 600,
        expires_at: expiresAt,
      })
      .execute();
    await db
      .insertInto('platform_rate_counters')
      .values({ key: name, count: 3, expires_at: expiresAt })
      .execute();
    // Idempotency keys live 24 h from their creation.
    await database.db
      .insertInto('idempotency_keys')
      .values({
        scope: 's',
        key: name,
        request_hash: 'h',
        response_status: 200,
        response_body: '{}',
        created_at: expiresAt - DAY - 1,
      })
      .execute();
  }
}

describe.each(TEST_DIALECTS)('the platform sweep on %s', (dialect) => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await createTestPlatform(dialect, { components: () => [] });
  });
  afterEach(async () => {
    await platform.close();
  });

  const db = () => platform.database.db as UserServiceDb;
  const left = async () => ({
    nonces: (await db().selectFrom('platform_nonces').select('nonce').execute()).map((row) => row.nonce),
    sessions: (await db().selectFrom('platform_sessions').select('token_hash').execute()).map(
      (row) => row.token_hash,
    ),
    codes: (await db().selectFrom('platform_email_codes').select('email').execute()).map((row) => row.email),
    counters: (await db().selectFrom('platform_rate_counters').select('key').execute()).map((row) => row.key),
    keys: (await platform.database.db.selectFrom('idempotency_keys').select('key').execute()).map(
      (row: { key: string }) => row.key,
    ),
  });

  it("deletes rows past their time in every table, anyone's sessions included, and keeps live ones", async () => {
    await insertRows(platform.database);
    const counts = await sweepExpiredRows({
      database: platform.database,
      clock: platform.clock,
      batchSize: 1,
    });
    expect(counts).toEqual({
      platform_nonces: 2,
      platform_sessions: 2,
      platform_email_codes: 2,
      platform_rate_counters: 2,
      idempotency_keys: 2,
    });
    expect(await left()).toEqual({
      nonces: ['live'],
      sessions: ['live'],
      codes: ['live'],
      counters: ['live'],
      keys: ['live'],
    });
  });

  it('finds expired rows through an index on every table, in batches', async () => {
    await insertRows(platform.database);
    const plans = await explainQueryPlans(platform.database, (kysely) =>
      sweepExpiredRows({
        database: { ...platform.database, db: kysely },
        clock: platform.clock,
        batchSize: 1,
      }),
    );
    // Two expired rows a table at one a batch: three statements each (the last one finds none).
    expect(plans).toHaveLength(15);
    for (const index of [
      'platform_nonces_expires_idx',
      'platform_sessions_expires_idx',
      'platform_email_codes_expires_idx',
      'platform_rate_counters_expires_idx',
      'idempotency_keys_created_idx',
    ]) {
      expect(
        plans.filter((plan) => plan.includes(index)),
        index,
      ).toHaveLength(3);
    }
  });

  it('issues a nonce without scanning the nonces', async () => {
    const plans = await explainQueryPlans(platform.database, (kysely) =>
      insertNonce(kysely, 'fresh', NOW + 600),
    );
    expect(plans).toHaveLength(1);
    expect(plans[0]).not.toMatch(/scan/i);
  });

  it('runs while the platform listens and stops when it closes', async () => {
    await insertRows(platform.database);
    await platform.app.listen({ host: '127.0.0.1', port: 0 });
    await vi.waitFor(async () => expect((await left()).nonces).toEqual(['live']));
    await platform.app.close();
    await db().insertInto('platform_nonces').values({ nonce: 'after-close', expires_at: NOW }).execute();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await left()).nonces).toContain('after-close');
  });
});
