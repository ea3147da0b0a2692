import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createPaymentKit } from '@bazaar/payment-server';
import { openDatabase } from '@bazaar/server-kit';
import { createStore } from '@bazaar/store';
import { pino } from 'pino';
import { createPlatform } from './platform.ts';
import { createMailer } from './user-service/mailer.ts';
import { builtWebDist } from './web-dist.ts';

const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '0.0.0.0';
const dataDir = resolve(env.DATA_DIR ?? './data');
mkdirSync(dataDir, { recursive: true });
const isOn = (value: string | undefined) => ['1', 'true', 'on', 'yes'].includes((value ?? '').toLowerCase());
const livemode = isOn(env.LIVEMODE);

const logger = pino();
const database = await openDatabase({ url: env.DATABASE_URL ?? join(dataDir, 'bazaar.db') });
const platform = await createPlatform({
  database,
  loggerInstance: logger,
  mailer: createMailer(env, logger),
  livemode,
  trustProxy: isOn(env.TRUST_PROXY),
  components: (deps) => [createPaymentKit(deps), createStore(deps)],
  webDist: builtWebDist(),
});

await platform.app.listen({ port, host });
const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
logger.info(`Bazaar is running at http://${shownHost}:${port} (${livemode ? 'live' : 'test'} mode)`);

let isClosing = false;
async function shutdown(signal: string) {
  if (isClosing) return;
  isClosing = true;
  logger.info(`${signal} received, shutting down`);
  await platform.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
