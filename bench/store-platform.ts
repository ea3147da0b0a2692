/**
 * What the Store benches share: the whole platform listening on 127.0.0.1 with a Store developer
 * made as a person becomes one (the CLI tests' own setup, reused so the bench meets the Store as
 * the CLI does), and an access token of theirs that may upload.
 */
import type { Dialect } from '@bazaar/server-kit';
import { startStorePlatform } from '@bazaar/cli/testing';

export interface BenchStore {
  /** The Store's address; its API is under `/api`. */
  store: string;
  /** A `bzr_…` access token with the `upload` scope. */
  token: string;
  close(): Promise<void>;
}

export async function startBenchStore(dialect: Dialect): Promise<BenchStore> {
  const started = await startStorePlatform(dialect);
  try {
    const created = await started.call('POST', '/developer/access-tokens', started.developerCookie, {
      name: 'bench',
      scopes: ['upload'],
      expiresInDays: 30,
    });
    if (created.statusCode !== 200) throw new Error(`No access token: ${created.body}`);
    return { store: started.store, token: (created.json() as { token: string }).token, close: started.close };
  } catch (error) {
    await started.close();
    throw error;
  }
}
