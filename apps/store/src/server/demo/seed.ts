import type { AppVersionActionResponse, AppVersionStatus, SessionUser } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { constants } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoreDeps } from '../deps.ts';
import {
  authenticateAccessToken,
  createAccessToken,
  type AuthenticatedAccessToken,
} from '../modules/access-tokens/index.ts';
import { deleteAccessToken } from '../modules/access-tokens/service.ts';
import { actOnVersion, reviewVersion } from '../modules/apps/review.ts';
import { getConsoleApp } from '../modules/apps/service.ts';
import { bundleTooLarge } from '../modules/apps/upload-form.ts';
import { uploadBundle } from '../modules/apps/upload.ts';
import { findDeveloper } from '../modules/developers/index.ts';
import { acceptInvitation, createInvitation } from '../modules/developers/invitations.ts';
import {
  bundleDemoRelease,
  DEMO_ADMIN_DID,
  DEMO_APPS,
  DEMO_DEVELOPER,
  DEMO_INVITATION_NOTE,
  readDemoApp,
  type DemoApp,
  type DemoRelease,
} from './demo-apps.ts';

export interface DemoSeedDeps extends Pick<StoreDeps, 'db' | 'clock' | 'storage'> {
  /** Told about a demo app the seed left alone. */
  logger?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface DemoSeedReport {
  /** `name@version` of each release uploaded by this run, in order. */
  uploaded: string[];
  /** Apps the Store's rules refused to go on with (someone blocked one, or took its name). */
  skipped: Array<{ app: string; code: string; message: string }>;
}

/** The platform user the demo developer would be; nobody signs in as them. */
const DEMO_USER: SessionUser = {
  did: DEMO_DEVELOPER.did,
  fullName: DEMO_DEVELOPER.username,
  email: null,
  walletAddress: null,
  avatar: '',
  role: 'member',
  passports: [],
};
const DEMO_TOKEN_NAME = 'Demo seed';

/** The review pipeline in order; `rejected` and `cancelled` are off it, and final. */
const PIPELINE: readonly AppVersionStatus[] = ['draft', 'pending', 'inReview', 'approved', 'published'];

/**
 * Test mode's demo catalogue, made the way a developer and an admin make one: the admin invites
 * the demo developer, who accepts; each release of each demo app is bundled from its folder and
 * signed with the app's key, uploaded with an access token (verified whole by the upload
 * service), sent for review, reviewed, approved into its category and published. The last
 * release of one app stays pending, so the console's queue has something in it.
 *
 * Safe at every start: a release already uploaded is not uploaded again, a release left part-way
 * (a start that stopped) is taken on to where it belongs, and one an admin moved on or turned
 * down is left as it is. An app the Store's rules refuse to go on with (blocked, its name taken,
 * its DID another developer's) is skipped and reported, and nothing is done once an admin has
 * revoked the demo developer: a demo must never stop the platform from starting.
 */
export async function seedDemoApps(deps: DemoSeedDeps): Promise<DemoSeedReport> {
  const report: DemoSeedReport = { uploaded: [], skipped: [] };
  if (!(await ensureDemoDeveloper(deps))) {
    deps.logger?.warn(
      `The demo developer ${DEMO_DEVELOPER.did} was revoked: the demo apps are left as they are`,
    );
    return report;
  }
  const apps = await Promise.all(DEMO_APPS.map(readDemoApp));
  const workFolder = await mkdtemp(join(tmpdir(), 'bazaar-demo-apps-'));
  const uploads = openUploadSession(deps);
  try {
    for (const app of apps) {
      try {
        report.uploaded.push(...(await seedDemoApp(deps, app, { workFolder, uploader: uploads.uploader })));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const { name } = app.manifest;
        report.skipped.push({ app: name, code: error.code, message: error.message });
        deps.logger?.warn(
          { app: name, code: error.code },
          `Demo app ${name} left as it is: ${error.message}`,
        );
      }
    }
  } finally {
    await uploads.close();
    await rm(workFolder, { recursive: true, force: true });
  }
  return report;
}

/** Registers the demo developer by invitation once; false when an admin has revoked them since. */
async function ensureDemoDeveloper(deps: DemoSeedDeps): Promise<boolean> {
  if (!(await findDeveloper(deps.db, DEMO_DEVELOPER.did))) {
    try {
      const { token } = await createInvitation(deps, {
        did: DEMO_DEVELOPER.did,
        note: DEMO_INVITATION_NOTE,
        invitedBy: DEMO_ADMIN_DID,
      });
      await acceptInvitation(deps, { token, user: DEMO_USER });
    } catch (error) {
      // Another node starting at the same moment registered them first.
      if (!(error instanceof AppError && error.code === 'ALREADY_DEVELOPER')) throw error;
    }
  }
  return (await findDeveloper(deps.db, DEMO_DEVELOPER.did))?.status === 'enabled';
}

/**
 * The demo developer's access token for this run's uploads, made on the first upload (a run with
 * nothing to upload makes none) and authenticated as the upload route does. Its secret is never
 * shown to anyone, and it is deleted when the run ends, so no live token is left behind.
 */
function openUploadSession(deps: DemoSeedDeps) {
  let session: Promise<AuthenticatedAccessToken> | null = null;
  const start = async () => {
    const { token } = await createAccessToken(deps, {
      ownerDid: DEMO_DEVELOPER.did,
      body: { name: DEMO_TOKEN_NAME, scopes: ['upload'], expiresInDays: 1 },
    });
    return authenticateAccessToken(deps, token, { scope: 'upload' });
  };
  return {
    uploader: () => (session ??= start()),
    async close() {
      const opened = await session?.catch(() => null);
      if (!opened) return;
      await deleteAccessToken(deps, {
        ownerDid: opened.developerDid,
        id: opened.tokenId,
        confirmName: DEMO_TOKEN_NAME,
      });
    },
  };
}

/** Uploads the app's missing releases and takes each to where it belongs; answers what it uploaded. */
async function seedDemoApp(
  deps: DemoSeedDeps,
  app: DemoApp,
  context: { workFolder: string; uploader: () => Promise<AuthenticatedAccessToken> },
): Promise<string[]> {
  const statuses = await findVersionStatuses(deps, app.key.did);
  const uploaded: string[] = [];
  for (const [index, release] of app.releases.entries()) {
    const isNewest = index === app.releases.length - 1;
    const target = isNewest && app.spec.isNewestAwaitingReview ? 'pending' : 'published';
    let status = statuses.get(release.version);
    if (status === undefined) {
      status = await uploadRelease(deps, app, release, context);
      uploaded.push(`${app.manifest.name}@${release.version}`);
    }
    await advanceRelease(deps, { app, version: release.version, status, target });
  }
  return uploaded;
}

/** The statuses of the app's versions (none before its first upload); APP_NOT_OWNED for another developer's app. */
async function findVersionStatuses(deps: DemoSeedDeps, did: string): Promise<Map<string, AppVersionStatus>> {
  const detail = await getConsoleApp(deps.db, did).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  });
  if (!detail) return new Map();
  // The demo keys are public, so someone else may have uploaded with one: the demo admin reviews none of theirs.
  if (detail.app.ownerDid !== DEMO_DEVELOPER.did) {
    throw new AppError('APP_NOT_OWNED', `${did} belongs to another developer`);
  }
  return new Map(detail.versions.map((version) => [version.version, version.status]));
}

/** `bazaar upload`, without the network: the bundle goes through the upload service as the route hands it over. */
async function uploadRelease(
  deps: DemoSeedDeps,
  app: DemoApp,
  release: DemoRelease,
  context: { workFolder: string; uploader: () => Promise<AuthenticatedAccessToken> },
): Promise<AppVersionStatus> {
  const bundle = await bundleDemoRelease(app, release, context.workFolder);
  const { developerDid, tokenId } = await context.uploader();
  const answer = await uploadBundle(deps, {
    developerDid,
    tokenId,
    receive: async (file, maxBytes) => {
      if (bundle.size > maxBytes) throw bundleTooLarge(maxBytes);
      await copyFile(bundle.file, file, constants.COPYFILE_EXCL);
    },
  });
  return answer.version.status;
}

/**
 * Takes a release along the pipeline until it reaches `target`, one real step at a time, each by
 * whom it belongs to: the developer requests the review and publishes, the demo admin starts the
 * review and approves into the app's category. A release at or past its target, or off the
 * pipeline (rejected, cancelled), is left alone.
 */
async function advanceRelease(
  deps: DemoSeedDeps,
  input: { app: DemoApp; version: string; status: AppVersionStatus; target: AppVersionStatus },
): Promise<void> {
  let { status } = input;
  while (PIPELINE.includes(status) && PIPELINE.indexOf(status) < PIPELINE.indexOf(input.target)) {
    status = (await takeNextStep(deps, input.app, input.version, status)).version.status;
  }
}

function takeNextStep(
  deps: DemoSeedDeps,
  app: DemoApp,
  version: string,
  status: AppVersionStatus,
): Promise<AppVersionActionResponse> {
  const asDeveloper = { appDid: app.key.did, version, developerDid: DEMO_DEVELOPER.did };
  const asAdmin = { appDid: app.key.did, adminDid: DEMO_ADMIN_DID };
  switch (status) {
    case 'draft':
      return actOnVersion(deps, { ...asDeveloper, action: 'requestReview' });
    case 'pending':
      return reviewVersion(deps, { ...asAdmin, body: { action: 'start', version } });
    case 'inReview':
      return reviewVersion(deps, {
        ...asAdmin,
        body: { action: 'approve', version, category: app.manifest.category },
      });
    default:
      // Approved: the developer publishes (an app that auto-publishes was published at approval).
      return actOnVersion(deps, { ...asDeveloper, action: 'publish' });
  }
}
