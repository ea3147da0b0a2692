import { useCallback, type MouseEvent } from 'react';
import type { Registry } from '@bazaar/schemas';
import { useShell } from './shell-context.ts';

/**
 * Lets an app with a client-side router take a link that leads into itself; it answers true when
 * it did. Links to other apps of the platform load their page.
 */
export type Navigate = (href: string) => boolean;

/** A plain left click on a link the app can route itself, without a reload. */
export function followLink(event: MouseEvent, href: string, navigate: Navigate | undefined): void {
  const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  if (plain && navigate?.(href)) event.preventDefault();
}

/** Whether `pathname` is the page `href` leads to, or below it (the root only counts exactly). */
export function isCurrent(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}

const base = (mountPoint: string) => (mountPoint === '/' ? '' : mountPoint.replace(/\/$/, ''));

/**
 * The route inside the component `componentId` that `href` leads to, or null when the address
 * belongs elsewhere: another component mounted deeper, or the platform's own services.
 */
export function pathInComponent(registry: Registry, componentId: string, href: string): string | null {
  const own = registry.components.find((component) => component.did === componentId);
  if (!own || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/.well-known/')) return null;
  const ownBase = base(own.mountPoint);
  if (!isCurrent(href, ownBase || '/') && ownBase !== '') return null;
  const deeper = registry.components.some(
    (other) =>
      other.did !== componentId &&
      base(other.mountPoint).length > ownBase.length &&
      isCurrent(href, base(other.mountPoint)),
  );
  return deeper ? null : href.slice(ownBase.length) || '/';
}

/** A `Navigate` for an app with a client-side router: its own links stay in the router. */
export function useComponentNavigate(componentId: string, routerNavigate: (path: string) => void): Navigate {
  const { registry } = useShell();
  return useCallback(
    (href) => {
      const path = pathInComponent(registry, componentId, href);
      if (path === null) return false;
      routerNavigate(path);
      return true;
    },
    [registry, componentId, routerNavigate],
  );
}
