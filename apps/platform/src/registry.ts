import type { ErrorReporting, Registry } from '@bazaar/schemas';
import type { PlatformComponent } from '@bazaar/server-kit';

export function buildRegistry(
  appId: string,
  appName: string,
  livemode: boolean,
  components: readonly PlatformComponent[],
  errorReporting: ErrorReporting | null = null,
): Registry {
  return {
    appId,
    appName,
    livemode,
    components: components.map(({ did, name, mountPoint }) => ({ did, name, mountPoint })),
    errorReporting,
  };
}

/**
 * Inlines the registry into a page so its scripts know every mount point before their first
 * request. `<` is escaped so no value can close the script element; the script carries the
 * response's CSP nonce, without which the page's policy would not run it.
 */
export function injectRegistry(html: string, registry: Registry, nonce: string): string {
  const json = JSON.stringify(registry).replaceAll('<', '\\u003c');
  const script = `<script nonce="${nonce}">window.__PLATFORM__ = ${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${script}</head>`) : `${script}${html}`;
}
