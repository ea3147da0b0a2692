import { createCliHarness } from '@bazaar/cli/testing';
import { createTranslator, type Translate } from '@bazaar/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type RunningPlatform } from './harness.ts';
import { E2E_TIMEOUT } from './steps.ts';
import {
  createAccessToken,
  historyEntries,
  initApp,
  openSignedInBrowser,
  requestReview,
  rowsShowing,
  runBazaar,
  saveStoreScreenshot,
  signInAsNewDeveloper,
  STORE_RUNS,
  tableRows,
  uploadVersion,
  versionRow,
  waitForVersionStatus,
  type StoreRun,
} from './store-steps.ts';

const TIMEOUT = E2E_TIMEOUT;
const WAITED_HOURS = 3;
const COMMENT = 'Please add a changelog.';
const REJECTION = 'It crashes on start.';
const BLOCKING = 'Its title misleads.';

let platform: RunningPlatform;
let ownerCookie: string;

beforeAll(async () => {
  platform = await startPlatform();
  // The first person signed in on a test platform owns it, and so administers the Store.
  ownerCookie = (await platform.signIn('owner@example.com')).cookie;
});
afterAll(async () => {
  await platform?.close();
});

/** What each run makes: its own app and category, as both runs share one platform. */
const FIXTURES = {
  en: {
    app: { name: 'weather-board-en', title: 'Weather Board' },
    category: { en: 'Weather', zh: '天气' },
  },
  zh: {
    app: { name: 'weather-board-zh', title: '天气看板' },
    category: { en: 'Education', zh: '教育' },
  },
} as const;

/** A developer whose app's first version has waited `WAITED_HOURS` for review; they upload with a token, as CI does. */
async function developerWithWaitingApp(run: StoreRun) {
  const { app } = FIXTURES[run.locale];
  const cookie = await signInAsNewDeveloper(platform, ownerCookie, `maker-${run.locale}@example.com`);
  const cli = await createCliHarness();
  cli.env.BAZAAR_STORE = platform.baseUrl;
  cli.env.BAZAAR_TOKEN = await createAccessToken(platform, cookie, 'ci');
  const did = await initApp(cli, app);
  await uploadVersion(cli, '0.1.0');
  await requestReview(platform, cookie, did, '0.1.0');
  platform.clock.advance(WAITED_HOURS * 3600);
  return { cookie, cli, did };
}

/** At /console/categories: adds the category, and is told a second one of the same names exists. */
async function addCategory(page: Page, t: Translate, run: StoreRun) {
  const names = FIXTURES[run.locale].category;
  await page.goto(`${platform.baseUrl}/console/categories`);
  const add = async () => {
    await page.getByRole('button', { name: t('store.console.categories.add.action') }).click(TIMEOUT);
    const dialog = page.getByRole('dialog', { name: t('store.console.categories.add.title') });
    await dialog.getByLabel(t('store.console.categories.field.en')).fill(names.en, TIMEOUT);
    await dialog.getByLabel(t('store.console.categories.field.zh')).fill(names.zh);
    await dialog.getByRole('button', { name: t('store.console.categories.save') }).click();
    return dialog;
  };
  await (await add()).waitFor({ state: 'detached', ...TIMEOUT });
  await rowsShowing(page, t('store.console.categories.title'), names.en).getByText(names.zh).waitFor(TIMEOUT);
  const duplicate = await add();
  await duplicate.getByText(t('store.form.existed', { name: names.en })).waitFor(TIMEOUT);
  await saveStoreScreenshot(page, 'console-category', run);
  await duplicate.getByRole('button', { name: t('common.cancel') }).click();
}

/** At /console/apps: the waiting app comes first, saying how long it has waited; opens it. */
async function openFromQueue(page: Page, t: Translate, run: StoreRun) {
  const { title } = FIXTURES[run.locale].app;
  await page.getByRole('tab', { name: t('store.console.nav.apps') }).click();
  const queue = t('store.apps.console.title');
  const waiting = rowsShowing(page, queue, title);
  await waiting.getByText(t('store.apps.waiting.hours', { count: WAITED_HOURS })).waitFor(TIMEOUT);
  await waiting.getByText(t('store.apps.status.pending'), { exact: true }).waitFor();
  expect(await tableRows(page, queue).first().innerText()).toContain(title);
  await saveStoreScreenshot(page, 'console-queue', run);
  await waiting.getByRole('link', { name: title }).click();
  await page.getByRole('heading', { name: title, level: 1 }).waitFor(TIMEOUT);
}

/** Starts the review of `version`, as the admin does before deciding on it. */
async function startReview(page: Page, t: Translate, version: string) {
  await page.getByRole('button', { name: t('store.apps.review.startFor', { version }) }).click(TIMEOUT);
  await page.getByRole('status').getByText(t('store.apps.done.inReview', { version })).waitFor(TIMEOUT);
  await waitForVersionStatus(page, t, version, 'inReview');
}

/** Writes on the version's review thread. */
async function comment(page: Page, t: Translate, version: string, text: string) {
  await page.getByRole('textbox', { name: t('store.apps.thread.field') }).fill(text);
  await page.getByRole('button', { name: t('store.apps.thread.send') }).click();
  const thread = page.getByRole('list', { name: t('store.apps.thread.labelFor', { version }) });
  await thread.getByText(text).waitFor(TIMEOUT);
}

/** Approving asks for a category first; the app is then listed in it. */
async function approveInto(page: Page, t: Translate, version: string, category: string) {
  await page.getByRole('button', { name: t('store.apps.review.approveFor', { version }) }).click();
  const dialog = page.getByRole('dialog', { name: t('store.apps.approve.title', { version }) });
  const approve = dialog.getByRole('button', { name: t('store.apps.review.approve'), exact: true });
  await approve.click(TIMEOUT);
  const required = t('store.form.required', { name: t('store.apps.approve.category') });
  await dialog.getByText(required).waitFor(TIMEOUT);
  await dialog.getByLabel(t('store.apps.approve.category')).selectOption({ label: category });
  await approve.click();
  await dialog.waitFor({ state: 'detached', ...TIMEOUT });
  await waitForVersionStatus(page, t, version, 'approved');
  // The notice of the review's start is over once the version is approved.
  expect(await page.getByText(t('store.apps.done.inReview', { version })).count()).toBe(0);
  const facts = page.getByRole('region', { name: t('store.apps.facts.title') });
  await facts.getByText(category, { exact: true }).waitFor(TIMEOUT);
}

/** Opens the dialog `button` opens, gives the reason it asks for, and confirms with `confirm`. */
async function actWithReason(
  page: Page,
  t: Translate,
  action: { button: string; title: string; confirm: string },
  reason: string,
) {
  await page.getByRole('button', { name: action.button, exact: true }).click(TIMEOUT);
  const dialog = page.getByRole('dialog', { name: action.title });
  await dialog.getByLabel(t('store.apps.reason')).fill(reason, TIMEOUT);
  await dialog.getByRole('button', { name: action.confirm, exact: true }).click();
  await dialog.waitFor({ state: 'detached', ...TIMEOUT });
}

/** Rejects `version` (under review) with `REJECTION`. */
async function reject(page: Page, t: Translate, version: string) {
  const button = t('store.apps.review.rejectFor', { version });
  const title = t('store.apps.reject.title', { version });
  await actWithReason(page, t, { button, title, confirm: t('store.apps.review.reject') }, REJECTION);
  await waitForVersionStatus(page, t, version, 'rejected');
}

/** Blocks the app with `BLOCKING`; the page says it is blocked, and why. */
async function block(page: Page, t: Translate, title: string) {
  const action = t('store.apps.block.action');
  const dialogTitle = t('store.apps.block.title', { name: title });
  await actWithReason(page, t, { button: action, title: dialogTitle, confirm: action }, BLOCKING);
  await page.getByText(t('store.apps.blocked.reason', { reason: BLOCKING })).waitFor(TIMEOUT);
}

/** Unblocks the app once confirmed: the notice goes, and it may be blocked again. */
async function unblock(page: Page, t: Translate, title: string) {
  const action = t('store.apps.unblock.action');
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('store.apps.unblock.title', { name: title }) });
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await dialog.waitFor({ state: 'detached', ...TIMEOUT });
  await page.getByRole('button', { name: t('store.apps.block.action'), exact: true }).waitFor(TIMEOUT);
  expect(await page.getByText(t('store.apps.blocked.title')).count()).toBe(0);
}

/** The developer, on their app's page, reads why the admin rejected a version and blocked the app. */
async function expectDeveloperSeesReasons(
  developer: { cookie: string; did: string },
  run: StoreRun,
  t: Translate,
) {
  const { context, page } = await openSignedInBrowser(platform, developer.cookie, run);
  try {
    await page.goto(`${platform.baseUrl}/developer/apps/${encodeURIComponent(developer.did)}`);
    await page.getByText(t('store.apps.blocked.reason', { reason: BLOCKING })).waitFor(TIMEOUT);
    const rejected = historyEntries(page, t).filter({ hasText: t('store.apps.status.rejected') });
    await rejected.getByText(t('store.apps.history.reason', { reason: REJECTION })).waitFor(TIMEOUT);
    await saveStoreScreenshot(page, 'developer-rejected', run);
  } finally {
    await context.close();
  }
}

describe('the Store console, in Chromium', () => {
  it.each(STORE_RUNS)(
    'an admin adds a category, reviews the queue, approves, rejects, blocks and unblocks an app ($locale, $device)',
    async (run) => {
      const t = createTranslator(run.locale);
      const { app, category } = FIXTURES[run.locale];
      const developer = await developerWithWaitingApp(run);
      const { context, page } = await openSignedInBrowser(platform, ownerCookie, run);
      try {
        await addCategory(page, t, run);
        await openFromQueue(page, t, run);
        await startReview(page, t, '0.1.0');
        await comment(page, t, '0.1.0', COMMENT);
        await approveInto(page, t, '0.1.0', category[run.locale]);

        // Approved is not yet published: the developer publishes it from their terminal.
        await runBazaar(developer.cli, 'publish', '0.1.0');
        await page.reload();
        await waitForVersionStatus(page, t, '0.1.0', 'published');

        await uploadVersion(developer.cli, '0.2.0');
        await requestReview(platform, developer.cookie, developer.did, '0.2.0');
        await page.reload();
        await startReview(page, t, '0.2.0');
        await reject(page, t, '0.2.0');

        await block(page, t, app.title);
        await saveStoreScreenshot(page, 'console-blocked', run);
        await expectDeveloperSeesReasons(developer, run, t);
        await unblock(page, t, app.title);
        // Blocking never touched what was published.
        expect(await versionRow(page, t, '0.1.0').innerText()).toContain(t('store.apps.status.published'));
      } finally {
        await context.close();
        await developer.cli.remove();
      }
    },
  );

  it.each(STORE_RUNS)(
    'a signed-in user who is no admin is refused the console ($locale, $device)',
    async (run) => {
      const t = createTranslator(run.locale);
      const { cookie } = await platform.signIn(`member-${run.locale}@example.com`);
      const { context, page } = await openSignedInBrowser(platform, cookie, run);
      try {
        await page.goto(`${platform.baseUrl}/console/apps`);
        await page.getByRole('heading', { name: '403' }).waitFor(TIMEOUT);
        await page.getByText(t('platform.shell.forbidden')).waitFor();
        await page.getByRole('link', { name: t('store.backHome') }).waitFor();
        expect(await page.getByRole('heading', { name: t('store.apps.console.title') }).count()).toBe(0);
        await saveStoreScreenshot(page, 'console-403', run);
      } finally {
        await context.close();
      }
    },
  );
});
