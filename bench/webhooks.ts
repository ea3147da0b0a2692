/**
 * Webhook deliveries per second to a local receiver, on SQLite and on PostgreSQL: 3,000 events
 * of 1,000 objects (three each, so each object's order holds them back) queued for one endpoint,
 * then sent by the kit's sender until none is left, each signed and recorded with its attempt.
 * As the baseline, the same receiver takes the same number of signed POSTs from a bare loop
 * with the same concurrency, with no database: what sending alone costs on this machine.
 *
 *   npm run bench:webhooks        (or: npx node bench/webhooks.ts)
 *
 * The receiver runs in a child process, so it takes no CPU from the sender it measures.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import {
  DEFAULT_WEBHOOK_POLICY,
  deliverDueWebhooks,
  paymentMigrations,
  type PaymentDeps,
} from '@bazaar/payment-server';
import { newId } from '@bazaar/schemas';
import { createManualClock, migrate, signWebhook, WEBHOOK_SIGNATURE_HEADER } from '@bazaar/server-kit';
import { openTestDatabase, TEST_DIALECTS } from '@bazaar/server-kit/testing';

const OBJECTS = 1_000;
const EVENTS_PER_OBJECT = 3;
const DELIVERIES = OBJECTS * EVENTS_PER_OBJECT;
/** The sender's own concurrency (modules/webhooks/delivery.ts), for a like-for-like baseline. */
const CONCURRENCY = 8;
const NOW = 1_800_000_000;
const SECRET = 'whsec_bench';

const RECEIVER = `
const { createServer } = require('node:http');
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200).end('ok'));
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
process.on('SIGTERM', () => process.exit(0));
`;

async function startReceiver() {
  const child = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { url: `http://127.0.0.1:${line}/hooks`, stop: () => child.kill('SIGTERM') };
}

/** The events, their endpoint and a due delivery for each, as the kit writes them. */
async function queueDeliveries(deps: Pick<PaymentDeps, 'db'>, url: string) {
  const endpointId = newId('webhookEndpoint');
  await deps.db
    .insertInto('webhook_endpoints')
    .values({
      id: endpointId,
      url,
      enabled_events: '["*"]',
      description: null,
      status: 'enabled',
      secret: SECRET,
      previous_secret: null,
      previous_secret_expires_at: null,
      failing_since: null,
      metadata: '{}',
      livemode: 0,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  for (let object = 0; object < OBJECTS; object += 100) {
    const events = [];
    const deliveries = [];
    for (let index = object; index < object + 100; index += 1) {
      for (const [position, type] of ['invoice.created', 'invoice.finalized', 'invoice.paid'].entries()) {
        const id = newId('event');
        const objectId = `in_bench${index}`;
        const data = { id: objectId, customer_id: 'cus_bench', subscription_id: null };
        events.push({
          id,
          type,
          data: JSON.stringify(data),
          livemode: 0,
          created_at: NOW,
          position: index * EVENTS_PER_OBJECT + position,
          relayed_at: NOW,
          webhooks_queued_at: NOW,
          object_id: objectId,
        });
        deliveries.push({
          id: newId('webhookDelivery'),
          endpoint_id: endpointId,
          event_id: id,
          event_type: type,
          object_id: objectId,
          event_created_at: NOW,
          event_position: index * EVENTS_PER_OBJECT + position,
          status: 'pending',
          attempt_count: 0,
          next_attempt_at: 0,
          created_at: NOW,
        });
      }
    }
    await deps.db.insertInto('events').values(events).execute();
    await deps.db.insertInto('webhook_deliveries').values(deliveries).execute();
  }
}

/** The floor: signed POSTs of an event-sized body, `CONCURRENCY` at a time, no database. */
async function baselinePosts(url: string): Promise<number> {
  const body = JSON.stringify({
    id: newId('event'),
    object: 'event',
    type: 'invoice.paid',
    object_id: 'in_bench',
    data: { id: 'in_bench', customer_id: 'cus_bench', subscription_id: null },
    livemode: false,
    created: NOW,
  });
  let left = DELIVERIES;
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const sent = request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook([SECRET], NOW, body),
          },
        },
        (response) => {
          response.resume();
          response.on('end', resolve);
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left > 0) {
        left -= 1;
        await post();
      }
    }),
  );
  return DELIVERIES / ((performance.now() - started) / 1000);
}

async function main() {
  const rows = [];
  for (const dialect of TEST_DIALECTS) {
    const receiver = await startReceiver();
    const database = await openTestDatabase(dialect);
    try {
      await migrate(database, 'payment_kit', paymentMigrations);
      const deps = {
        db: database.db as PaymentDeps['db'],
        clock: createManualClock(NOW),
        webhooks: { ...DEFAULT_WEBHOOK_POLICY, allowPrivateAddresses: true },
      };
      await queueDeliveries(deps, receiver.url);
      const started = performance.now();
      const attempts = await deliverDueWebhooks(deps);
      const seconds = (performance.now() - started) / 1000;
      const { count } = (await deps.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 'succeeded')
        .executeTakeFirstOrThrow()) as { count: number | string };
      if (Number(count) !== DELIVERIES || attempts !== DELIVERIES) {
        throw new Error(`${dialect}: ${count} of ${DELIVERIES} delivered in ${attempts} attempts`);
      }
      const baseline = await baselinePosts(receiver.url);
      const perSecond = DELIVERIES / seconds;
      rows.push({
        db: dialect,
        deliveries: DELIVERIES,
        'deliveries/s': Math.round(perSecond),
        'baseline POST/s': Math.round(baseline),
        'of baseline': `${((perSecond / baseline) * 100).toFixed(1)} %`,
      });
    } finally {
      receiver.stop();
      await database.close();
    }
  }
  const cpu = cpus();
  console.log(
    `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.version}; ${OBJECTS} objects × ${EVENTS_PER_OBJECT} events, ` +
      `${CONCURRENCY} at a time; each delivery leased, signed, POSTed and recorded with its attempt`,
  );
  console.table(rows);
}

await main();
