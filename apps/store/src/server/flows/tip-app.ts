import { COMPONENT_IDS, type AppDonation } from '@bazaar/schemas';
import type { StoreDeps } from '../deps.ts';
import { requireVisibleApp, type Viewer } from '../modules/apps/visibility.ts';
import { findDeveloper } from '../modules/developers/index.ts';
import { getStoreSettings } from '../modules/settings/service.ts';
import { requirePayments } from '../modules/stakes/service.ts';

/** Each app's tip jar is a donation setting of its own, so its beneficiaries can be its developer's. */
export const appDonationMountLocation = (did: string) => `store/app/${did}`;

/**
 * `POST /api/apps/{did}/donation`: the donation setting the app page's widget loads. The Store
 * says who receives the tips (the app's developer, and the Store its share) and how supporters
 * show (the developer's choice), set again on the kit whenever they differ, so a setting that a
 * page made first, with other beneficiaries, never stands.
 */
export async function openAppDonation(
  deps: StoreDeps,
  input: { did: string; viewer: Viewer },
): Promise<AppDonation> {
  const { app } = await requireVisibleApp(deps.db, input.did, input.viewer);
  const [developer, settings] = await Promise.all([
    findDeveloper(deps.db, app.owner_did),
    getStoreSettings(deps.db),
  ]);
  const mountLocation = appDonationMountLocation(app.did);
  await requirePayments(deps).ensureDonationSetting({
    mountLocation,
    componentDid: COMPONENT_IDS.store,
    description: `Tips for ${app.title}`,
    livemode: deps.livemode,
    beneficiaries: [
      {
        name: developer?.username ?? app.owner_did,
        address: app.owner_did,
        percent: 100 - settings.storeSharePercent,
      },
      { name: deps.appName, address: COMPONENT_IDS.store, percent: settings.storeSharePercent },
    ].filter((beneficiary) => beneficiary.percent > 0),
    supportersView: app.supporters_view === 'table' ? 'table' : 'avatar',
  });
  return { mountLocation, componentDid: COMPONENT_IDS.store, target: app.did };
}
