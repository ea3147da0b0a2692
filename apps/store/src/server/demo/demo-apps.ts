/**
 * Test mode's demo apps, each an app folder under `fixtures/` as the CLI knows one: its
 * `bazaar.json` (the manifest input), two readmes, a logo, a changelog and a page. Every
 * `## x.y.z` heading of the changelog is a release the seed uploads, oldest first; the bundle of
 * a release carries the changelog up to that release and a `bazaar.json` of that version.
 */
import {
  appKeyFromSecretKey,
  createBundle,
  type AppKey,
  type CreatedBundle,
  type ManifestInput,
} from '@bazaar/bundle';
import { createHash } from 'node:crypto';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import semver from 'semver';

// import.meta.dirname, not a file URL: the page tests load the platform in a browser-like
// environment, where import.meta.url is not a file: URL.
const FIXTURES_FOLDER = join(import.meta.dirname, 'fixtures');
const PROJECT_FILE = 'bazaar.json';
const CHANGELOG_FILE = 'CHANGELOG.md';

/** Who the demo apps belong to: a Store developer only, no platform user signs in as them. */
export const DEMO_DEVELOPER = { did: 'did:bazaar:demo-developer', username: 'Bazaar Demo' } as const;
/** The Store admin who invites the demo developer and reviews the demo apps. */
export const DEMO_ADMIN_DID = 'did:bazaar:demo-admin';
/** The invitation's note, which says where the demo developer came from. */
export const DEMO_INVITATION_NOTE = 'Demo seed: the developer of the demo apps (test mode only)';

export interface DemoAppSpec {
  /** The folder under `fixtures/`, which is also the app's name. */
  folder: string;
  /** The newest release is uploaded and sent for review, and left there for the console's queue. */
  isNewestAwaitingReview?: boolean;
}

export const DEMO_APPS: readonly DemoAppSpec[] = [
  { folder: 'invoice-mailer' },
  { folder: 'receipt-ocr' },
  { folder: 'cron-dashboard' },
  { folder: 'webhook-relay' },
  { folder: 'team-notes', isNewestAwaitingReview: true },
];

/**
 * The app's key pair, the same at every start so the seed finds its apps again. The secret key
 * is a hash of a fixed string and the app's name: anyone reading this file can sign as these
 * apps, which is fine for demo identities and for nothing else.
 */
export function demoAppKey(name: string): AppKey {
  return appKeyFromSecretKey(createHash('sha256').update(`bazaar demo app key v1:${name}`).digest());
}

export interface DemoRelease {
  version: string;
  /** The changelog as of this release: its heading and the sections of this and older releases. */
  changelog: string;
}

export interface DemoApp {
  spec: DemoAppSpec;
  folder: string;
  key: AppKey;
  /** `bazaar.json`: the manifest input at the newest release. */
  manifest: ManifestInput & { name: string; version: string; category: string };
  /** Oldest first. */
  releases: DemoRelease[];
}

/** The changelog's releases, oldest first, each with the changelog as it read then. */
function releasesOf(changelog: string): DemoRelease[] {
  const [heading = '', ...sections] = changelog.split(/^(?=## )/m);
  const releases = sections.map((section) => ({
    version: section.slice('## '.length, section.indexOf('\n')).trim(),
    section,
  }));
  releases.sort((a, b) => semver.compare(a.version, b.version));
  return releases.map((release, index) => ({
    version: release.version,
    changelog:
      (
        heading +
        releases
          .slice(0, index + 1)
          .reverse()
          .map((older) => older.section)
          .join('')
      ).trimEnd() + '\n',
  }));
}

export async function readDemoApp(spec: DemoAppSpec): Promise<DemoApp> {
  const folder = join(FIXTURES_FOLDER, spec.folder);
  const manifest = JSON.parse(await readFile(join(folder, PROJECT_FILE), 'utf8')) as DemoApp['manifest'];
  const releases = releasesOf(await readFile(join(folder, CHANGELOG_FILE), 'utf8'));
  return { spec, folder, key: demoAppKey(manifest.name), manifest, releases };
}

/**
 * Bundles one release as `bazaar bundle` would have then: the app's folder is copied to
 * `workFolder`, its changelog and `bazaar.json` set to the release, and `createBundle` signs it.
 */
export async function bundleDemoRelease(
  app: DemoApp,
  release: DemoRelease,
  workFolder: string,
): Promise<CreatedBundle> {
  const staged = join(workFolder, `${app.manifest.name}-${release.version}`);
  const manifest = { ...app.manifest, version: release.version };
  await cp(app.folder, staged, { recursive: true });
  await writeFile(join(staged, CHANGELOG_FILE), release.changelog);
  await writeFile(join(staged, PROJECT_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return createBundle({
    folder: staged,
    manifest,
    secretKey: app.key.secretKey,
    outFile: join(workFolder, `${app.manifest.name}-${release.version}.tgz`),
  });
}
