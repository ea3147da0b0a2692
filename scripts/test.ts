import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { dropStaleTestSchemas } from '@bazaar/server-kit/testing';
import { buildWebApps } from './build-web.ts';
import { ROOT } from './web-apps.ts';

const CHROMIUM = '/usr/bin/chromium';
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function run(command: string, args: string[]): number {
  return spawnSync(command, args, { stdio: 'inherit', cwd: ROOT }).status ?? 1;
}

/** A font with Chinese glyphs: without one, zh pages render as boxes and their layout checks fail. */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** The browser tests drive Debian's Chromium and read Chinese pages; install what this machine lacks. */
function ensureBrowser() {
  const missing = [
    ...(existsSync(CHROMIUM) ? [] : ['chromium']),
    ...(existsSync(CJK_FONT) ? [] : ['fonts-noto-cjk']),
  ];
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(' and ')} (apt-get install -y ${missing.join(' ')})…`);
  run('apt-get', ['update', '-qq']);
  if (
    run('apt-get', ['install', '-y', '-qq', ...missing]) !== 0 ||
    !existsSync(CHROMIUM) ||
    !existsSync(CJK_FONT)
  ) {
    throw new Error(`Could not install ${missing.join(' and ')}; the end-to-end tests need them`);
  }
}

async function canReachPostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The suite runs on PostgreSQL as well as SQLite; start the local cluster if it is down. */
async function ensurePostgres() {
  if (await canReachPostgres()) return;
  console.log('Starting PostgreSQL…');
  spawnSync('sh', ['-c', 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start'], {
    stdio: 'inherit',
  });
  if (!(await canReachPostgres())) throw new Error(`PostgreSQL is not reachable at ${POSTGRES_URL}`);
}

// CI runs this file, so lint comes first: import circles, layering (modules and providers never
// import flows, a package never imports an app) and the hooks' rules fail the run before a test.
if (run('npm', ['run', 'lint']) !== 0) process.exit(1);
ensureBrowser();
await ensurePostgres();
// Runs killed half-way leave their schemas behind; anything older than a day is garbage.
await dropStaleTestSchemas(24 * 3_600);
buildWebApps();

const artifacts = join(ROOT, '.test-artifacts');
mkdirSync(artifacts, { recursive: true });
const report = join(artifacts, 'vitest.json');
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  // The plain closing line CI reads, whatever the runner.
  console.log(
    `tests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests + summary.numTodoTests} skipped`,
  );
}
process.exit(status);
