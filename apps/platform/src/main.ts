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
const isOff = (value: string | undefined) =>
  ['0', 'false', 'off', 'no'].includes((value ?? '').toLowerCase());
const livemode = isOn(env.LIVEMODE);

const logger = pino();
// Test mode pays on a local Ethereum chain, unless told not to (DEMO_CHAIN=off) or in live mode.
// Imported only then: live mode never loads Hardhat.
const demoChain =
  livemode || isOff(env.DEMO_CHAIN)
    ? null
    : await (await import('./demo-chain.ts')).startDemoChain({ port: Number(env.DEMO_CHAIN_PORT ?? 8545) });
const database = await openDatabase({ url: env.DATABASE_URL ?? join(dataDir, 'bazaar.db') });
const platform = await createPlatform({
  database,
  loggerInstance: logger,
  mailer: createMailer(env, logger),
  livemode,
  trustProxy: isOn(env.TRUST_PROXY),
  components: (deps) => [
    createPaymentKit(deps, { demoChain: demoChain ? { rpcUrl: demoChain.rpcUrl } : undefined }),
    createStore(deps),
  ],
  webDist: builtWebDist(),
});

await platform.app.listen({ port, host });
const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
logger.info(`Bazaar is running at http://${shownHost}:${port} (${livemode ? 'live' : 'test'} mode)`);
if (demoChain) {
  logger.info(
    `Test-mode crypto payments use a local Ethereum chain at ${demoChain.rpcUrl} (chain id ${demoChain.chainId}); ` +
      `import one of Hardhat's public development keys into your wallet to pay with TUSD (see README)`,
  );
}

let isClosing = false;
async function shutdown(signal: string) {
  if (isClosing) return;
  isClosing = true;
  logger.info(`${signal} received, shutting down`);
  await platform.close();
  await database.close();
  await demoChain?.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
