import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { CHECKOUT_SECRET_HEADER } from '@bazaar/schemas';
import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';
import { deleteInBatches } from './database.ts';
import { sha256Hex } from './sha256.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this route (money-moving POST/PUT). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim?: { scope: string; key: string };
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_LIFETIME_SECONDS = 24 * 3_600;
const MAX_KEY_LENGTH = 255;

interface IdempotencyTable {
  idempotency_keys: {
    scope: string;
    key: string;
    request_hash: string;
    response_status: number | null;
    response_body: string | null;
    created_at: number;
  };
}

export const idempotencyMigrations: Record<string, Migration> = {
  '0001_idempotency_keys': {
    async up(db) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('request_hash', 'text', (col) => col.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
        .execute();
    },
  },
  '0002_idempotency_keys_created_at': {
    async up(db) {
      await db.schema
        .createIndex('idempotency_keys_created_idx')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
  },
};

/**
 * Deletes keys past their 24 h lifetime, `batchSize` rows a statement, through the
 * `created_at` index; a periodic job runs it so the table holds about a day of keys.
 */
export function sweepExpiredIdempotencyKeys(
  db: Kysely<IdempotencyTable>,
  input: { now: number; batchSize: number },
): Promise<number> {
  return deleteInBatches(input.batchSize, async (limit) => {
    const result = await db
      .deleteFrom('idempotency_keys')
      .where((eb) =>
        eb(
          eb.refTuple('scope', 'key'),
          'in',
          eb
            .selectFrom('idempotency_keys')
            .select(['scope', 'key'])
            .where('created_at', '<', input.now - KEY_LIFETIME_SECONDS)
            .limit(limit)
            .$asTuple('scope', 'key'),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/**
 * Whose keys these are. Guests have no account, so each is known by what it proves: the
 * checkout session's secret it sends, else its network address. Two guests who happen to pick
 * the same key then never read each other's answers (a checkout's answer names its payer).
 */
function callerScope(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.did}`;
  const secret = request.headers[CHECKOUT_SECRET_HEADER];
  if (typeof secret === 'string' && secret !== '') return `guest:secret:${sha256Hex(secret)}`;
  return `guest:ip:${request.ip}`;
}

function hashRequest(request: FastifyRequest): string {
  return sha256Hex(JSON.stringify([request.params ?? null, request.query ?? null, request.body ?? null]));
}

/**
 * A repeat of a request with the same Idempotency-Key (per user and route, within 24 h) gets the
 * first response back and runs nothing again; the same key with another body is refused.
 * The key is claimed before the handler runs, so two concurrent repeats cannot both run.
 */
export function installIdempotency(
  app: FastifyInstance,
  deps: { db: Kysely<IdempotencyTable>; clock: Clock },
) {
  const { db, clock } = deps;

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (!request.routeOptions.config.idempotent || typeof key !== 'string' || key === '') return;
    if (key.length > MAX_KEY_LENGTH) {
      throw new AppError('VALIDATION_FAILED', `Idempotency-Key is longer than ${MAX_KEY_LENGTH} characters`);
    }
    const scope = `${callerScope(request)} ${request.method} ${request.routeOptions.url}`;
    const requestHash = hashRequest(request);
    const now = clock.now();

    await db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('created_at', '<', now - KEY_LIFETIME_SECONDS)
      .execute();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        scope,
        key,
        request_hash: requestHash,
        response_status: null,
        response_body: null,
        created_at: now,
      })
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) {
      request.idempotencyClaim = { scope, key };
      return;
    }

    const previous = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (previous.request_hash !== requestHash) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used with a different request',
      );
    }
    if (previous.response_status === null || previous.response_body === null) {
      throw new AppError(
        'IDEMPOTENCY_IN_PROGRESS',
        'A request with this Idempotency-Key is still in progress',
      );
    }
    return reply
      .status(previous.response_status)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(previous.response_body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    const match = (qb: ReturnType<typeof db.updateTable<'idempotency_keys'>>) =>
      qb.where('scope', '=', claim.scope).where('key', '=', claim.key);
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // A server failure is not an answer: let the client retry with the same key.
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', claim.scope)
        .where('key', '=', claim.key)
        .execute();
    } else {
      await match(db.updateTable('idempotency_keys'))
        .set({ response_status: reply.statusCode, response_body: payload })
        .execute();
    }
    return payload;
  });
}
