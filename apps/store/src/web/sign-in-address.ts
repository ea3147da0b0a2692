import { USER_SERVICE_PATH } from '@bazaar/schemas';

/** The platform's sign-in page, coming back to `path` afterwards. */
export function signInAddress(path: string): string {
  return `${USER_SERVICE_PATH}/login?redirect=${encodeURIComponent(path)}`;
}
