import { sessionUserSchema, type SessionUser } from '@bazaar/schemas';
import {
  answerFrameworkError,
  createManualClock,
  installErrorHandling,
  type Dialect,
  type ManualClock,
  type RelayDelivery,
} from '@bazaar/server-kit';
import { openTestDatabase, type TestDatabase } from '@bazaar/server-kit/testing';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoreDb } from '../db/tables.ts';
import type { StoreDeps } from '../deps.ts';
import { registerDeveloper } from '../modules/developers/index.ts';
import { setDeveloperStatus } from '../modules/developers/service.ts';
import { createFilesystemBundleStorage } from '../storage/index.ts';
import { createStore, createStoreDeps } from '../store.ts';

/** Test-only: the signed-in user as JSON. The real platform resolves users from its session cookie. */
export const TEST_USER_HEADER = 'x-test-user';
/** 2027-01-15, a fixed instant so expiries are deterministic. */
export const TEST_NOW = 1_800_000_000;
export const API = '/api';

/** A signed-in platform user `did:bazaar:usr_{name}` holding one passport of `role`. */
export function makeUser(
  name: string,
  role: SessionUser['role'],
  email: string | null = `${name}@example.com`,
) {
  return sessionUserSchema.parse({
    did: `did:bazaar:usr_${name}`,
    fullName: name[0]!.toUpperCase() + name.slice(1),
    email,
    walletAddress: null,
    avatar: '',
    role,
    passports: [{ role, name: role }],
  });
}

/**
 * The people tests act as. `developer` has an enabled developer record from the start, `revoked`
 * a revoked one; `devPassport` holds the platform's `developer` passport but no Store record
 * (which grants nothing here).
 */
export const USERS = {
  owner: makeUser('owner', 'owner'),
  admin: makeUser('admin', 'admin'),
  member: makeUser('member', 'member'),
  developer: makeUser('developer', 'member'),
  devPassport: makeUser('platformdev', 'developer'),
  invitee: makeUser('invitee', 'member', 'Invitee@Example.com'),
  revoked: makeUser('revoked', 'member'),
} satisfies Record<string, SessionUser>;

export type Caller = keyof typeof USERS | SessionUser | null;

export interface StoreTestApp {
  app: FastifyInstance;
  database: TestDatabase;
  db: StoreDb;
  deps: StoreDeps;
  clock: ManualClock;
  /** The folder the Store's bundle storage keeps bundles in (a fresh temporary one). */
  bundlesDir: string;
  /** What the Store handed the relay, oldest first, with who may hear each. */
  relayed: RelayDelivery[];
  /** Calls `/api{path}` as `caller` (null: a guest). */
  call(
    caller: Caller,
    method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The Store API as the platform hosts it (error envelope, `request.user`) on a fresh, migrated
 * and seeded database with a manual clock, `USERS.developer` registered and `USERS.revoked`
 * revoked. The user comes from a header instead of the platform's sign-in, since the Store does
 * not import the platform.
 */
export async function openStoreTestApp(dialect: Dialect): Promise<StoreTestApp> {
  const database = await openTestDatabase(dialect);
  const clock = createManualClock(TEST_NOW);
  const relayed: RelayDelivery[] = [];
  const componentDeps = {
    database,
    clock,
    relay: {
      publish: (_channel: string, deliveries: readonly RelayDelivery[]) => void relayed.push(...deliveries),
    },
    logger: Fastify().log,
    appId: 'app_test',
    appName: 'Bazaar',
    livemode: false,
  };
  const bundlesDir = await mkdtemp(join(tmpdir(), 'bazaar-store-bundles-'));
  const storage = createFilesystemBundleStorage({ root: bundlesDir });
  const store = createStore(componentDeps, { storage });
  const deps = createStoreDeps(componentDeps, { storage });
  await store.migrate();
  await store.seed();
  for (const user of [USERS.developer, USERS.revoked]) {
    await registerDeveloper(deps, { did: user.did, username: user.fullName }, { via: 'invitation' });
  }
  await setDeveloperStatus(deps, {
    did: USERS.revoked.did,
    change: { status: 'revoked', reason: 'Published malware' },
    actorDid: USERS.admin.did,
  });

  const app = Fastify({ frameworkErrors: answerFrameworkError });
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[TEST_USER_HEADER];
    request.user = typeof header === 'string' ? sessionUserSchema.parse(JSON.parse(header)) : null;
  });
  installErrorHandling(app);
  await app.register(store.api, { prefix: API });
  await app.ready();

  return {
    app,
    database,
    db: deps.db,
    deps,
    clock,
    bundlesDir,
    relayed,
    call(caller, method, path, payload, headers = {}) {
      const user = typeof caller === 'string' ? USERS[caller] : caller;
      const options: InjectOptions = {
        method,
        url: `${API}${path}`,
        headers: { ...(user ? { [TEST_USER_HEADER]: JSON.stringify(user) } : {}), ...headers },
        ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
      };
      return app.inject(options);
    },
    async close() {
      await app.close();
      await database.close();
      await rm(bundlesDir, { recursive: true, force: true });
    },
  };
}

/** The error code of an answer, for `expect(codeOf(response)).toBe('TOKEN_EXPIRED')`. */
export function codeOf(response: { json(): unknown }): string | undefined {
  return (response.json() as { error?: { code?: string } }).error?.code;
}
