import { existsSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import { registrySchema, RELAY_PATH, USER_SERVICE_PATH } from '@bazaar/schemas';
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
import { buildRegistry } from './registry.ts';
import { createRelayHub, type RelayHub } from './relay/hub.ts';
import { relayRoutes } from './relay/routes.ts';
import type { Mailer } from './user-service/mailer.ts';
import { userServiceMigrations } from './user-service/migrations.ts';
import { userServiceRoutes } from './user-service/routes.ts';
import { loadCookieSecret, type UserServiceDeps } from './user-service/service.ts';
import { installSessionUser } from './user-service/session-cookie.ts';
import { serveWebApp, type WebApp } from './web-apps.ts';

/** The `webDist` key of the login page's built folder. */
export const USER_SERVICE_WEB = 'user-service';
export const REGISTRY_PATH = '/__platform.json';

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
  /** Behind a reverse proxy: take the host and protocol from X-Forwarded-*, so wallet sign-in sees the public host. */
  trustProxy?: boolean;
}

export interface Platform {
  app: FastifyInstance;
  relay: RelayHub;
  components: PlatformComponent[];
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
  const app: FastifyInstance = options.loggerInstance
    ? Fastify({ loggerInstance: options.loggerInstance, trustProxy, frameworkErrors: answerFrameworkError })
    : Fastify({ logger: options.logger ?? true, trustProxy, frameworkErrors: answerFrameworkError });

  const zapp = useZod(app);
  installErrorHandling(app);
  await migrate(database, 'kit', idempotencyMigrations);
  await migrate(database, 'platform', userServiceMigrations);

  const userDeps: UserServiceDeps = { db: database.db, clock, mailer: options.mailer, appName };
  await app.register(fastifyCookie, { secret: await loadCookieSecret(userDeps.db) });
  await app.register(fastifyWebsocket);
  // The pages inline the registry and components load the card provider's scripts and frames,
  // so a strict content security policy would break them; the other helmet headers stay.
  await app.register(fastifyHelmet, { contentSecurityPolicy: false });
  installSessionUser(app, userDeps);
  installIdempotency(app, { db: database.db, clock });

  const relay = createRelayHub({ appId, logger: app.log, heartbeatMs: options.relayHeartbeatMs });
  await app.register(relayRoutes(relay), { prefix: RELAY_PATH });
  await app.register(userServiceRoutes(userDeps), { prefix: USER_SERVICE_PATH });

  const components = options.components({ database, clock, relay, logger: app.log, appId });
  const registry = buildRegistry(appId, appName, components);
  zapp.get(REGISTRY_PATH, { schema: { response: { 200: registrySchema } } }, async () => registry);

  for (const component of components) {
    await component.migrate();
    if (!options.livemode) await component.seed();
    await app.register(component.api, { prefix: apiPrefix(component.mountPoint) });
  }
  for (const webApp of planWebApps(components, options.webDist ?? {})) {
    await serveWebApp(app, webApp, registry);
  }

  app.addHook('onListen', async () => {
    for (const component of components) component.start();
  });
  app.addHook('onClose', async () => {
    relay.close();
    await Promise.all(components.map((component) => component.stop()));
  });

  return { app, relay, components, close: () => app.close() };
}
