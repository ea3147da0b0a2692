import { signedInstanceReportSchema, verifyInstanceReport, type SignedInstanceReport } from '@bazaar/bundle';
import { APP_INSTANCE_STALE_SECONDS, APP_INSTANCES_SHOWN, type AppInstanceList } from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import type { StoreDeps } from '../../deps.ts';
import { findAppRow } from '../apps/repository.ts';
import { appBlocked } from '../apps/review.ts';
import { requireVisibleApp, type Viewer } from '../apps/visibility.ts';
import { listRecentInstanceRows, upsertInstanceRowIfNewer } from './repository.ts';

/** How far a report's time may be from the Store's clock: a captured report soon goes stale. */
export const INSTANCE_REPORT_SKEW_SECONDS = 5 * 60;

const refused = (message: string) => new AppError('INSTANCE_REPORT_INVALID', message);

/**
 * `PUT /api/apps/{did}/instances`: an installed copy says where it runs. The report must be
 * signed by the key of the app it names (the path's), be near the Store's clock, and be newer
 * than the last report of its origin; a blocked app's installs are not listed anew.
 */
export async function recordInstanceReport(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { did: string; report: SignedInstanceReport },
): Promise<{ recorded: boolean }> {
  const report = signedInstanceReportSchema.parse(input.report);
  if (report.app !== input.did) throw refused('The report names another app');
  if (!verifyInstanceReport(report)) throw refused("The report is not signed by the app's key");
  const now = deps.clock.now();
  if (Math.abs(now - report.issuedAt) > INSTANCE_REPORT_SKEW_SECONDS) {
    throw refused(
      `The report's issuedAt is more than ${INSTANCE_REPORT_SKEW_SECONDS} seconds from the Store's clock`,
    );
  }
  const app = await findAppRow(deps.db, input.did);
  if (!app || app.current_version === null) throw notFound('app', input.did);
  if (app.blocked_at !== null) throw appBlocked();
  const recorded = await upsertInstanceRowIfNewer(deps.db, {
    app_did: app.did,
    url: report.url,
    owner: report.owner,
    status: report.status,
    reported_at: report.issuedAt,
    first_reported_at: report.issuedAt,
  });
  return { recorded };
}

/** `GET /api/apps/{did}/instances`: the most recently reported, for whoever may see the app. */
export async function listAppInstances(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { did: string; viewer: Viewer },
): Promise<AppInstanceList> {
  const { app } = await requireVisibleApp(deps.db, input.did, input.viewer);
  const { rows, count } = await listRecentInstanceRows(deps.db, {
    appDid: app.did,
    limit: APP_INSTANCES_SHOWN,
  });
  const staleBefore = deps.clock.now() - APP_INSTANCE_STALE_SECONDS;
  return {
    list: rows.map((row) => ({
      url: row.url,
      owner: row.owner,
      status: row.status === 'active' && row.reported_at >= staleBefore ? 'active' : 'inactive',
      lastReportedAt: row.reported_at,
    })),
    count,
  };
}
