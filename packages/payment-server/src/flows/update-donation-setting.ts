import type { Setting, updateSettingBodySchema } from '@bazaar/schemas';
import type { z } from 'zod';
import type { PaymentDeps } from '../deps.ts';
import { listDonationLinkRowsOfSetting } from '../modules/donations/repository.ts';
import { updateSettingAt } from '../modules/settings/service.ts';
import { applyDonationSetting } from './make-donation-link.ts';

/**
 * `PUT /settings/{mountLocation}` (owner or admin): the setting's new settings, and every donation
 * link of the setting brought to them (`applyDonationSetting`), in one transaction, so no widget
 * offers what the owner changed away from. The setting's row is written first and stays locked:
 * a link being made or adopted for it at the same time, which reads the setting under that lock,
 * either finished before and is found here, or waits and is made from the new settings.
 */
export async function updateDonationSetting(
  deps: PaymentDeps,
  input: { mountLocation: string } & z.output<typeof updateSettingBodySchema>,
): Promise<Setting> {
  return deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: trx };
    const setting = await updateSettingAt(tx, input);
    for (const link of await listDonationLinkRowsOfSetting(trx, setting.id)) {
      await applyDonationSetting(tx, { link, settings: setting.settings });
    }
    return setting;
  });
}
