import { COMPONENT_IDS, USER_SERVICE_PATH, type Registry } from '@bazaar/schemas';

/** The platform's sign-in page, coming back to `returnTo` (a path on this site) afterwards. */
export function signInAddress(returnTo: string): string {
  return `${USER_SERVICE_PATH}/login?redirect=${encodeURIComponent(returnTo)}`;
}

/** Where the person is now, to come back to after signing in. */
export function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Where a page of a component lives, by its fixed id; null when the platform does not run it. */
export function componentAddress(registry: Registry, componentId: string, path: string): string | null {
  const component = registry.components.find((candidate) => candidate.did === componentId);
  if (!component) return null;
  const base = component.mountPoint === '/' ? '' : component.mountPoint.replace(/\/$/, '');
  return `${base}${path}` || '/';
}

/** The places the shell links to, wherever the registry mounted them. */
export function shellAddresses(registry: Registry) {
  return {
    apps: componentAddress(registry, COMPONENT_IDS.store, '/'),
    profile: componentAddress(registry, COMPONENT_IDS.store, '/profile'),
    developer: componentAddress(registry, COMPONENT_IDS.store, '/developer/apps'),
    console: componentAddress(registry, COMPONENT_IDS.store, '/console/apps'),
    billing: componentAddress(registry, COMPONENT_IDS.paymentKit, '/customer'),
  };
}
export type ShellAddresses = ReturnType<typeof shellAddresses>;
