import { STORE_API_PATH } from '../../api/store-api.ts';

/**
 * `appPagePath('did:key:z6Mk…', '1.2.0')` → `/apps/did:key:z6Mk…/1.2.0`, the visitor's page of an
 * app: a DID's colons read as they are in an address, the rest of it encoded.
 */
export function appPagePath(did: string, version?: string): string {
  const base = `/apps/${encodeURIComponent(did).replace(/%3A/gi, ':')}`;
  return version === undefined ? base : `${base}/${encodeURIComponent(version)}`;
}

/** Where an app's bundle downloads: `/api/apps/{did}/bundle` (the published version) or `…/versions/{version}/bundle`. */
export function appBundleUrl(did: string, version: string | null): string {
  const base = `${STORE_API_PATH}/apps/${encodeURIComponent(did)}`;
  return version === null ? `${base}/bundle` : `${base}/versions/${encodeURIComponent(version)}/bundle`;
}
