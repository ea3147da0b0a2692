import { join, resolve } from 'node:path';
import { COMPONENT_IDS } from '@bazaar/schemas';
import { USER_SERVICE_WEB } from './platform.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** Where `npm run build` puts each web app; a folder that is not built yet is simply not served. */
export function builtWebDist(root = REPO_ROOT): Record<string, string> {
  return {
    [COMPONENT_IDS.paymentKit]: join(root, 'apps/payment-web/dist'),
    [COMPONENT_IDS.store]: join(root, 'apps/store/dist'),
    [USER_SERVICE_WEB]: join(root, 'apps/platform/web/dist'),
  };
}
