import { existsSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import {
  ANALYTICS_PATH,
  OWNER_SETUP_PAGE,
  REGISTRY_PATH,
  registrySchema,
  RELAY_PATH,
  USER_SERVICE_PATH,
} from '@bazaar/schemas';
import {
  answerFrameworkError,
  idempotencyMigrations,
  installErrorHandling,
  installIdempotency,
  migrate,
  systemClock,
  useZod,
  type Clock,
  type ComponentDeps,
  type Database,
  type PlatformComponent,
} from '@bazaar/server-kit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { analyticsMigrations } from './analytics/migrations.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { parseOrigin } from './config.ts';
import { API_CSP_DIRECTIVES, pageProviders } from './content-security-policy.ts';
import { installErrorReporting, type ErrorReporter } from './error-reporting/error-reporter.ts';
import { DEFAULT_PLATFORM_LIMITS, type PlatformLimits } from './limits.ts';
import { buildRegistry } from './registry.ts';
import { createClusterRelay } from './relay/cluster.ts';
import { createRelayHub, RELAY_MAX_MESSAGE_BYTES, type RelayHub } from './relay/hub.ts';
import { relayRoutes } from './relay/routes.ts';
import { installRequestLimits } from './request-limits.ts';
import { installLoopbackAliasRedirect } from './security/loopback-alias.ts';
import { installRequestOriginCheck, type TrustedOrigins } from './security/request-origin.ts';
import { installSecurityHeaders } from './security/security-headers.ts';
import type { Mailer } from './user-service/mailer.ts';
import { userServiceMigrations } from './user-service/migrations.ts';
import { userServiceRoutes } from './user-service/routes.ts';
import { loadCookieSecret, type UserServiceDeps } from './user-service/service.ts';
import { installSessionUser } from './user-service/session-cookie.ts';
import { issueSetupCode } from './user-service/setup-code.ts';
import { createSweepJob } from './sweep-job.ts';
import { serveWebApp, type WebApp } from './web-apps.ts';

/** The `webDist` key of the login page's built folder. */
export const USER_SERVICE_WEB = 'user-service';

export interface PlatformOptions {
  database: Database;
  clock?: Clock;
  mailer: Mailer;
  /** pino options, or false for silence; ignored when `loggerInstance` is given. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyBaseLogger;
  appId?: string;
  appName?: string;
  /** Off (the default) is test mode: components seed their demo data. */
  livemode?: boolean;
  components: (deps: ComponentDeps) => PlatformComponent[];
  /** Built web app folders by component did (or `'user-service'` for the login page). */
  webDist?: Record<string, string>;
  relayHeartbeatMs?: number;
  /** Request, email-code and sweep limits; `DEFAULT_PLATFORM_LIMITS` when not given. */
  limits?: PlatformLimits;
  /** Behind a reverse proxy: take the client address and protocol from X-Forwarded-*. */
  trustProxy?: boolean;
  /**
   * The origin people reach the platform at (`PUBLIC_URL`, e.g. `https://shop.example`). Wallet
   * messages must name it and the session cookie is Secure when it is https; request headers
   * never stand in for it.
   */
  publicUrl: string;
  /** Origins of other sites whose pages may call the API with the user's cookie (`EMBED_ORIGINS`). */
  embedOrigins?: string[];
  /**
   * Where unexpected errors go (`startErrorReporting`, once per process, when `SENTRY_DSN` is
   * set): requests that fail with a 5xx are reported, and the pages are told its settings.
   * Without one nothing is reported.
   */
  errorReporter?: ErrorReporter | null;
}

export interface Platform {
  app: FastifyInstance;
  relay: RelayHub;
  components: PlatformComponent[];
  /** Origins allowed to act with the session cookie; the relay checks websocket upgrades against them. */
  trustedOrigins: TrustedOrigins;
  /** Live mode with no owner yet: the one-time code that makes its presenter owner (also logged). */
  setupCode: string | null;
  close(): Promise<void>;
}

function apiPrefix(mountPoint: string): string {
  return `${mountPoint === '/' ? '' : mountPoint}/api`;
}

/** Web apps by mount point; each one leaves alone what lies under a deeper mount or an API. */
function planWebApps(components: PlatformComponent[], webDist: Record<string, string>): WebApp[] {
  const mounts = [
    ...components.map((component) => ({ mountPoint: component.mountPoint, folder: webDist[component.did] })),
    { mountPoint: USER_SERVICE_PATH, folder: webDist[USER_SERVICE_WEB] },
  ];
  const componentApis = components.map((component) => apiPrefix(component.mountPoint));
  return mounts.flatMap(({ mountPoint, folder }) => {
    if (!folder || !existsSync(folder)) return [];
    const reservedPaths = [
      ...componentApis,
      ...mounts.map((other) => other.mountPoint).filter((other) => other !== mountPoint && other !== '/'),
      ...(mountPoint === USER_SERVICE_PATH ? [] : ['/.well-known', REGISTRY_PATH]),
    ];
    return [{ mountPoint, folder, reservedPaths }];
  });
}

/**
 * The platform: one Fastify instance hosting the user service, the relay, the registry and
 * every component's API and web app. Components are migrated (and seeded in test mode) before
 * the app is returned, started when the server listens, and stopped by `close()`.
 */
export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  const { database } = options;
  const clock = options.clock ?? systemClock;
  const appId = options.appId ?? 'bazaar';
  const appName = options.appName ?? 'Bazaar';
  const trustProxy = options.trustProxy ?? false;
  const limits = options.limits ?? DEFAULT_PLATFORM_LIMITS;
  const trustedOrigins: TrustedOrigins = {
    publicUrl: parseOrigin('publicUrl', options.publicUrl),
    embedOrigins: (options.embedOrigins ?? []).map((origin) => parseOrigin('embedOrigins', origin)),
  };
  const { publicUrl } = trustedOrigins;
  const livemode = options.livemode ?? false;
  const app: FastifyInstance = options.loggerInstance
    ? Fastify({ loggerInstance: options.loggerInstance, trustProxy, frameworkErrors: answerFrameworkError })
    : Fastify({ logger: options.logger ?? true, trustProxy, frameworkErrors: answerFrameworkError });

  const zapp = useZod(app);
  installErrorHandling(app);
  const errorReporting = options.errorReporter?.settings ?? null;
  if (options.errorReporter) installErrorReporting(app, options.errorReporter);
  await migrate(database, 'kit', idempotencyMigrations);
  await migrate(database, 'platform', userServiceMigrations);
  await migrate(database, 'platform_analytics', analyticsMigrations);

  const userDeps: UserServiceDeps = {
    db: database.db,
    clock,
    mailer: options.mailer,
    appName,
    publicUrl,
    livemode,
  };
  installLoopbackAliasRedirect(app, publicUrl);
  await app.register(fastifyCookie, { secret: await loadCookieSecret(userDeps.db) });
  installRequestOriginCheck(app, trustedOrigins);
  await app.register(fastifyWebsocket, { options: { maxPayload: RELAY_MAX_MESSAGE_BYTES } });
  // Pages replace this policy with their own, nonced per response (web-apps.ts).
  installSecurityHeaders(app, {
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP_DIRECTIVES },
  });
  installSessionUser(app, userDeps);
  installIdempotency(app, { db: database.db, clock });

  const relay = createRelayHub({ appId, logger: app.log, heartbeatMs: options.relayHeartbeatMs });
  const clusterRelay = await createClusterRelay(relay, database, app.log);
  const components = options.components({
    database,
    clock,
    relay: clusterRelay,
    logger: app.log,
    appId,
    appName,
    livemode,
  });
  await installRequestLimits(app, {
    limits,
    apiPaths: [
      ...components.map((component) => apiPrefix(component.mountPoint)),
      '/.well-known',
      REGISTRY_PATH,
    ],
  });
  await app.register(
    relayRoutes(relay, { trustedOrigins, socketsPerAddress: limits.relaySocketsPerAddress }),
    { prefix: RELAY_PATH },
  );
  await app.register(userServiceRoutes({ ...userDeps, limits }), { prefix: USER_SERVICE_PATH });
  await app.register(analyticsRoutes({ db: database.db, clock, limits, trustedOrigins }), {
    prefix: ANALYTICS_PATH,
  });

  const registry = buildRegistry(appId, appName, livemode, components, errorReporting);
  zapp.get(REGISTRY_PATH, { schema: { response: { 200: registrySchema } } }, async () => registry);

  for (const component of components) {
    await component.migrate();
    if (!livemode) await component.seed();
    await app.register(component.api, { prefix: apiPrefix(component.mountPoint) });
  }
  for (const webApp of planWebApps(components, options.webDist ?? {})) {
    await serveWebApp(app, webApp, { registry, ...trustedOrigins, providers: pageProviders(errorReporting) });
  }

  const setupCode = livemode ? await issueSetupCode(userDeps) : null;
  if (setupCode) {
    app.log.warn(
      `Nobody owns this platform yet. Sign in at ${publicUrl}${OWNER_SETUP_PAGE} and enter the setup code ${setupCode} to become its owner (it works once; each start without an owner prints a new one).`,
    );
  }

  const sweepJob = createSweepJob({ database, clock, logger: app.log, limits });
  app.addHook('onListen', async () => {
    sweepJob.start();
    for (const component of components) component.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([sweepJob.stop(), ...components.map((component) => component.stop())]);
    await clusterRelay.close();
    relay.close();
  });

  return { app, relay, components, trustedOrigins, setupCode, close: () => app.close() };
}
