import { mkdirSync } from 'node:fs';
import { createPaymentKit } from '@bazaar/payment-server';
import { openDatabase } from '@bazaar/server-kit';
import { createStore, storageFromEnvironment, StorageConfigError, type BundleStorage } from '@bazaar/store';
import { pino } from 'pino';
import { ConfigError, readPlatformConfig, type PlatformConfig } from './config.ts';
import { seedDemoDonations } from './demo-donations.ts';
import { startErrorReporting } from './error-reporting/error-reporter.ts';
import { createPlatform } from './platform.ts';
import { createMailer } from './user-service/mailer.ts';
import { builtWebDist } from './web-dist.ts';

const env = process.env;
const logger = pino();
let config: PlatformConfig;
let bundleStorage: BundleStorage;
try {
  config = readPlatformConfig(env);
  // Bundles go to the data folder, or to S3-compatible storage when BUNDLE_STORAGE=s3.
  bundleStorage = storageFromEnvironment(env, config.dataDir);
} catch (error) {
  if (!(error instanceof ConfigError) && !(error instanceof StorageConfigError)) throw error;
  logger.fatal(error.message);
  process.exit(1);
}
const { port, host, livemode } = config;
// Once per process, before the platform is built; without SENTRY_DSN no SDK is even loaded.
const errorReporter = await startErrorReporting(config.errorReporting);
mkdirSync(config.dataDir, { recursive: true });

// Test mode pays on a local Ethereum chain, unless told not to (DEMO_CHAIN=off) or in live mode.
// Imported only then: live mode never loads Hardhat.
const demoChain = config.demoChain
  ? await (await import('./demo-chain.ts')).startDemoChain({ port: config.demoChain.port })
  : null;
const database = await openDatabase({ url: config.databaseUrl });
const platform = await createPlatform({
  database,
  loggerInstance: logger,
  mailer: createMailer(env, logger),
  livemode,
  trustProxy: config.trustProxy,
  publicUrl: config.publicUrl,
  embedOrigins: config.embedOrigins,
  limits: config.limits,
  errorReporter,
  components: (deps) => {
    const paymentKit = createPaymentKit(deps, {
      demoChain: demoChain ? { rpcUrl: demoChain.rpcUrl } : undefined,
      limits: config.paymentLimits,
      webhooks: { allowPrivateAddresses: config.webhooksAllowPrivate },
      stripeApi: config.stripeApi ?? undefined,
    });
    // The Store takes developer stakes through the kit; test mode seeds the demo catalogue too
    // (the tests build the Store without it).
    return [paymentKit, createStore(deps, { storage: bundleStorage, payments: paymentKit, demoApps: true })];
  },
  webDist: builtWebDist(),
});

// Test mode's tip jar on the Store's home page gets its demo supporters through the kit's own API.
if (!livemode) await seedDemoDonations(platform.app);
await platform.app.listen({ port, host });
if (errorReporter)
  logger.info(`Unexpected errors are reported to ${new URL(errorReporter.settings.dsn).host}`);
logger.info(
  `Bazaar is running at ${config.publicUrl} (${livemode ? 'live' : 'test'} mode, listening on ${host}:${port})`,
);
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
  await bundleStorage.close();
  await database.close();
  await demoChain?.close();
  await errorReporter?.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
