import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CliHarness } from '@bazaar/cli/testing';
import type { Translate } from '@bazaar/i18n';
import { SESSION_COOKIE } from '@bazaar/platform';
import type { AppVersionStatus } from '@bazaar/schemas';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, openBrowser, PHONE, saveSettledScreenshot, type RunningPlatform } from './harness.ts';
import { E2E_TIMEOUT } from './steps.ts';

/** The steps of the Store's developer and console journeys; texts come from the catalogues. */

/** Each Store journey runs in English on a desktop and in Chinese on a phone. */
export const STORE_RUNS = [
  { locale: 'en', browserLocale: 'en-US', viewport: DESKTOP, device: 'desktop' },
  { locale: 'zh', browserLocale: 'zh-CN', viewport: PHONE, device: 'phone' },
] as const;
export type StoreRun = (typeof STORE_RUNS)[number];

/**
 * Saves the settled page as `store-{name}-{locale}-{device}`, then checks it fits the width: a
 * page that scrolls sideways on a phone hides what is past the edge.
 */
export async function saveStoreScreenshot(page: Page, name: string, run: StoreRun): Promise<void> {
  await saveSettledScreenshot(page, `store-${name}-${run.locale}-${run.device}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} scrolls sideways`).toBeLessThanOrEqual(run.viewport.width);
}

/** `/api{path}` of the Store as the holder of `cookie`, for the steps another journey takes in the browser. */
export async function callStore<Answer>(
  platform: RunningPlatform,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: object,
): Promise<Answer> {
  const response = await platform.app.inject({
    method,
    url: `/api${path}`,
    headers: { cookie },
    ...(payload && { payload }),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as Answer;
}

/** A browser of `run`'s language and width, signed in with `cookie` (from `platform.signIn`). */
export async function openSignedInBrowser(platform: RunningPlatform, cookie: string, run: StoreRun) {
  const browser = await openBrowser(run.viewport, run.browserLocale);
  await browser.context.addCookies([
    {
      name: SESSION_COOKIE,
      value: cookie.slice(SESSION_COOKIE.length + 1),
      url: platform.baseUrl,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  return browser;
}

/** The owner invites `email` and answers the invitation's token (what the accept link carries). */
async function inviteDeveloper(platform: RunningPlatform, ownerCookie: string, email: string) {
  const created = await callStore<{ token: string }>(platform, ownerCookie, 'POST', '/console/invitations', {
    email,
  });
  return created.token;
}

/** `email` signs in and accepts an invitation: answers the session cookie of a new Store developer. */
export async function signInAsNewDeveloper(platform: RunningPlatform, ownerCookie: string, email: string) {
  const token = await inviteDeveloper(platform, ownerCookie, email);
  const { cookie } = await platform.signIn(email);
  await callStore(platform, cookie, 'POST', '/developer/invitations/accept', { token });
  return cookie;
}

/** A new access token of the developer with every scope, as `BAZAAR_TOKEN` takes it in CI. */
export async function createAccessToken(platform: RunningPlatform, cookie: string, name: string) {
  const created = await callStore<{ token: string }>(platform, cookie, 'POST', '/developer/access-tokens', {
    name,
    scopes: ['upload', 'publish', 'read'],
  });
  return created.token;
}

/** Runs `bazaar …argv` in the harness's app folder, failing with its stderr unless it exits 0; answers stdout. */
export async function runBazaar(cli: CliHarness, ...argv: string[]): Promise<string> {
  const run = await cli.run(...argv);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

/** `bazaar init` makes the terminal's folder an app, with a file to ship; answers the app's DID. */
export async function initApp(cli: CliHarness, app: { name: string; title: string }): Promise<string> {
  const said = await runBazaar(cli, 'init', '--name', app.name, '--title', app.title, '--yes');
  await writeFile(join(cli.cwd, 'index.js'), 'console.log("hello");\n');
  const did = /^App DID: (\S+)$/m.exec(said)?.[1];
  if (!did) throw new Error(`bazaar init named no DID:\n${said}`);
  return did;
}

/** The developer raises bazaar.json's version and uploads it (bundled on the way). */
export async function uploadVersion(cli: CliHarness, version: string): Promise<void> {
  const path = join(cli.cwd, 'bazaar.json');
  const project = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  await writeFile(path, JSON.stringify({ ...project, version }, null, 2));
  expect(await runBazaar(cli, 'upload')).toContain(` ${version} `);
}

/** The developer asks for `version`'s review (the button of /developer/apps/:did). */
export async function requestReview(platform: RunningPlatform, cookie: string, did: string, version: string) {
  const path = `/developer/apps/${encodeURIComponent(did)}/versions/${version}`;
  await callStore(platform, cookie, 'PUT', path, { action: 'requestReview' });
}

/** The rows of the table named `label`: table rows on wide screens, cards on phones. */
export function tableRows(page: Page, label: string): Locator {
  return page
    .getByRole('table', { name: label, exact: true })
    .or(page.getByRole('list', { name: label, exact: true }))
    .locator('tbody tr, li');
}

/** The rows of the table named `label` that show `text`. */
export function rowsShowing(page: Page, label: string, text: string): Locator {
  return tableRows(page, label).filter({ hasText: text });
}

/** A version's row of an app's page. */
export function versionRow(page: Page, t: Translate, version: string): Locator {
  return rowsShowing(page, t('store.apps.detail.versions'), version);
}

/** Waits until the app's page shows `version` in `status`. */
export async function waitForVersionStatus(
  page: Page,
  t: Translate,
  version: string,
  status: AppVersionStatus,
): Promise<void> {
  await versionRow(page, t, version)
    .getByText(t(`store.apps.status.${status}`), { exact: true })
    .waitFor(E2E_TIMEOUT);
}

/** The app page's history, oldest change first. */
export function historyEntries(page: Page, t: Translate): Locator {
  return page.getByRole('list', { name: t('store.apps.detail.history') }).getByRole('listitem');
}
