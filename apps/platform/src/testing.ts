import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPaymentKit, type StripeApiTarget } from '@bazaar/payment-server';
import { USER_SERVICE_PATH, type SessionUser } from '@bazaar/schemas';
import {
  createManualClock,
  type ComponentDeps,
  type Database,
  type Dialect,
  type ManualClock,
  type PlatformComponent,
} from '@bazaar/server-kit';
import { openTestDatabase, openTestTarget } from '@bazaar/server-kit/testing';
import { createFilesystemBundleStorage, createStore } from '@bazaar/store';
import type { FastifyInstance } from 'fastify';
import type { ErrorReporter } from './error-reporting/error-reporter.ts';
import { DEFAULT_PLATFORM_LIMITS, type PlatformLimits } from './limits.ts';
import { createPlatform, type Platform } from './platform.ts';
import type { RelayHub } from './relay/hub.ts';
import { EMAIL_CODE_INTERVAL_SECONDS } from './user-service/email-code.ts';
import { createMemoryMailer, type MailMessage } from './user-service/mailer.ts';
import { SESSION_COOKIE } from './user-service/session-cookie.ts';
import { builtWebDist } from './web-dist.ts';

export interface TestPlatformOptions {
  /** Defaults to the real Payment Kit and Store, as `main.ts` composes them. */
  components?: (deps: ComponentDeps) => PlatformComponent[];
  /** Defaults to a manual clock at 2027-01-15; advance it to expire things. */
  clock?: ManualClock;
  /** Defaults to false (test mode), so components seed their demo data. */
  livemode?: boolean;
  /** Defaults to the built pages (`npm run build`), as `main.ts` serves them. */
  webDist?: Record<string, string>;
  relayHeartbeatMs?: number;
  /** Defaults to `TEST_PLATFORM_LIMITS`; lower one to test it. */
  limits?: Partial<PlatformLimits>;
  /** The Store's demo catalogue too (its demo apps, published through the real pipeline), as `main.ts` seeds it. */
  demoApps?: boolean;
  /** A local chain the demo's chain method pays on (journeys that pay with a wallet). */
  demoChain?: { rpcUrl: string };
  /** Where keyed Stripe methods' requests go: a Stripe stand-in the test started. */
  stripeApi?: StripeApiTarget;
  /** Lets webhook endpoints on 127.0.0.1 receive, for journeys that run their own receiver. */
  allowPrivateWebhooks?: boolean;
  /**
   * Listen on a free port of 127.0.0.1 and make that address the public URL (`baseUrl`), for
   * tests that browse it: wallet messages and origins are then those of the pages.
   */
  listen?: boolean;
  /** Without `listen`, defaults to `http://localhost`, the host `app.inject` sends. */
  publicUrl?: string;
  embedOrigins?: string[];
  /** A reporter the test started (`startErrorReporting`) and closes itself. */
  errorReporter?: ErrorReporter;
  /**
   * Another node of `node`'s platform: it opens the same database with a pool of its own (and
   * leaves it in place when closed), as a second process on the same `DATABASE_URL` would.
   */
  nodeOf?: TestPlatform;
}

export interface TestPlatform {
  app: FastifyInstance;
  database: Database;
  /** What another node opens the database by (`TestPlatformOptions.nodeOf`). */
  databaseTarget: string;
  clock: ManualClock;
  relay: RelayHub;
  /** The public URL: the address it listens at with `listen`. */
  baseUrl: string;
  /** Live mode: the setup code the platform printed at start. */
  setupCode: string | null;
  /** Every mail the platform sent, oldest first. */
  mailbox: MailMessage[];
  /**
   * Signs `email` in through the real email-code routes; the first address signed in on a
   * platform becomes its owner. `cookie` goes straight into `app.inject({ headers: { cookie } })`.
   */
  signIn(email: string): Promise<{ cookie: string; user: SessionUser }>;
  /** Closes the app and drops the test database. */
  close(): Promise<void>;
}

export const TEST_CLOCK_START = 1_800_000_000;

const UNLIMITED = 1_000_000;

/** So high that a suite signing many users in from one address at once is never throttled. */
export const TEST_PLATFORM_LIMITS: PlatformLimits = {
  ...DEFAULT_PLATFORM_LIMITS,
  guestRequestsPerMinute: UNLIMITED,
  userRequestsPerMinute: UNLIMITED,
  pageRequestsPerMinute: UNLIMITED,
  signInRequestsPerMinute: UNLIMITED,
  emailCodeAttemptsPerWindow: UNLIMITED,
  emailCodesPerAddressPerDay: UNLIMITED,
  emailCodesPerIpPerDay: UNLIMITED,
  relaySocketsPerAddress: UNLIMITED,
  analyticsPingsPerMinute: UNLIMITED,
};

export { startDemoChain } from './demo-chain.ts';
export { confirmTestCard, payTestCheckout, startTestCheckout, submitTestCheckout } from './test-checkouts.ts';

/** A port nobody listens on right now; the kernel does not hand it out again at once. */
async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A whole platform on a fresh test database, for integration tests driven with `app.inject`:
 *   const platform = await createTestPlatform('postgres');
 *   const { cookie } = await platform.signIn('owner@example.com');
 *   await platform.app.inject({ url: '/payment-kit/api/…', headers: { cookie } });
 */
export async function createTestPlatform(
  dialect: Dialect,
  options: TestPlatformOptions = {},
): Promise<TestPlatform> {
  const database = options.nodeOf
    ? Object.assign(await openTestTarget(options.nodeOf.databaseTarget), {
        target: options.nodeOf.databaseTarget,
      })
    : await openTestDatabase(dialect);
  const clock = options.clock ?? createManualClock(TEST_CLOCK_START);
  const mailer = createMemoryMailer();
  const port = options.listen ? await findFreePort() : null;
  const baseUrl = port === null ? (options.publicUrl ?? 'http://localhost') : `http://127.0.0.1:${port}`;
  // The Store keeps uploaded bundles in a fresh folder, removed on close.
  const bundlesDir = await mkdtemp(join(tmpdir(), 'bazaar-test-bundles-'));
  const bundleStorage = createFilesystemBundleStorage({ root: bundlesDir });
  let platform: Platform | undefined;
  try {
    platform = await createPlatform({
      database,
      clock,
      mailer,
      logger: false,
      livemode: options.livemode ?? false,
      components:
        options.components ??
        ((deps) => {
          const paymentKit = createPaymentKit(deps, {
            demoChain: options.demoChain,
            stripeApi: options.stripeApi,
            ...(options.allowPrivateWebhooks && { webhooks: { allowPrivateAddresses: true } }),
          });
          return [
            paymentKit,
            createStore(deps, { storage: bundleStorage, payments: paymentKit, demoApps: options.demoApps }),
          ];
        }),
      webDist: options.webDist ?? builtWebDist(),
      relayHeartbeatMs: options.relayHeartbeatMs,
      limits: { ...TEST_PLATFORM_LIMITS, ...options.limits },
      publicUrl: baseUrl,
      embedOrigins: options.embedOrigins,
      errorReporter: options.errorReporter,
    });
    if (port !== null) await platform.app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await platform?.close();
    await database.close();
    await rm(bundlesDir, { recursive: true, force: true });
    throw error;
  }
  const { app, relay } = platform;

  async function signIn(email: string) {
    const started = await app.inject({
      method: 'POST',
      url: `${USER_SERVICE_PATH}/auth/email/start`,
      payload: { email },
    });
    if (started.statusCode !== 204) {
      throw new Error(
        `Sign-in of ${email} failed to start (one code per ${EMAIL_CODE_INTERVAL_SECONDS} s per address: advance the clock between sign-ins of one address): ${started.body}`,
      );
    }
    const mail = mailer.sent.findLast((message) => message.to === email.trim().toLowerCase());
    const code = mail?.text.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`No sign-in code was mailed to ${email}`);
    const verified = await app.inject({
      method: 'POST',
      url: `${USER_SERVICE_PATH}/auth/email/verify`,
      payload: { email, code },
    });
    const cookie = verified.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
    if (verified.statusCode !== 200 || !cookie)
      throw new Error(`Sign-in of ${email} failed: ${verified.body}`);
    return { cookie: `${SESSION_COOKIE}=${cookie.value}`, user: verified.json<{ user: SessionUser }>().user };
  }

  return {
    app,
    database,
    databaseTarget: database.target,
    clock,
    relay,
    baseUrl,
    setupCode: platform.setupCode,
    mailbox: mailer.sent,
    signIn,
    async close() {
      await platform.close();
      await database.close();
      await bundleStorage.close();
      await rm(bundlesDir, { recursive: true, force: true });
    },
  };
}
