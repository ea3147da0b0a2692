import { createCliHarness, type CliHarness } from '@bazaar/cli/testing';
import { createTranslator, type Translate } from '@bazaar/i18n';
import { ACCESS_TOKEN_PATTERN } from '@bazaar/schemas';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startPlatform, type RunningPlatform } from './harness.ts';
import { E2E_TIMEOUT, enterEmailedCode } from './steps.ts';
import {
  historyEntries,
  initApp,
  openSignedInBrowser,
  rowsShowing,
  runBazaar,
  saveStoreScreenshot,
  STORE_RUNS,
  waitForVersionStatus,
  type StoreRun,
} from './store-steps.ts';

const TIMEOUT = E2E_TIMEOUT;

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

/** The admin invites `email` at /console/invitations and answers the accept link, shown this once. */
async function inviteInConsole(run: StoreRun, t: Translate, email: string): Promise<string> {
  const { context, page } = await openSignedInBrowser(platform, ownerCookie, run);
  try {
    await page.goto(`${platform.baseUrl}/console/invitations`);
    await page.getByLabel(t('store.console.invitations.field.email')).fill(email, TIMEOUT);
    await page.getByRole('button', { name: t('store.console.invitations.invite.submit') }).click();
    const dialog = page.getByRole('dialog', { name: t('store.console.invitations.link.title') });
    const link = await dialog.getByLabel(t('store.console.invitations.link.label')).inputValue(TIMEOUT);
    expect(link).toMatch(`${platform.baseUrl}/join/invitation?token=`);
    await dialog.getByRole('button', { name: t('store.console.invitations.link.done') }).click();
    await rowsShowing(page, t('store.console.invitations.title'), email)
      .getByText(t('store.console.invitations.status.pending'))
      .waitFor(TIMEOUT);
    return link;
  } finally {
    await context.close();
  }
}

/** The invitee opens the link, signs in on the way, and accepts: they are a developer now. */
async function acceptInvitation(page: Page, t: Translate, link: string, email: string) {
  await page.goto(link);
  await enterEmailedCode(page, platform, t, email);
  await page.waitForURL(/\/join\/invitation\?token=/, TIMEOUT);
  // The page names the account that becomes the developer before anything is spent.
  await page.getByText(t('store.invitation.signedInAs', { name: email })).waitFor(TIMEOUT);
  await page.getByRole('button', { name: t('store.invitation.accept') }).click();
  await page.getByRole('heading', { name: t('store.invitation.accepted.title') }).waitFor(TIMEOUT);
}

/** "New token": refused without a name, then made; answers the secret the dialog shows once. */
async function createTokenInBrowser(page: Page, t: Translate, name: string): Promise<string> {
  await page.getByRole('button', { name: t('store.developer.tokens.create.action') }).click(TIMEOUT);
  const form = page.getByRole('dialog', { name: t('store.developer.tokens.create.title') });
  const submit = form.getByRole('button', { name: t('store.developer.tokens.create.submit') });
  await submit.click();
  await form.getByText(t('store.developer.tokens.nameRequired')).waitFor(TIMEOUT);
  await form.getByLabel(t('store.developer.tokens.field.name')).fill(name);
  await submit.click();
  const secret = page.getByRole('dialog', { name: t('store.developer.tokens.secret.title', { name }) });
  const token = await secret.getByLabel(t('store.developer.tokens.secret.label')).inputValue(TIMEOUT);
  expect(token).toMatch(ACCESS_TOKEN_PATTERN);
  return token;
}

/** Deletes the token `name`, which takes typing its name exactly. */
async function deleteTokenInBrowser(page: Page, t: Translate, name: string) {
  await page.getByRole('button', { name: t('store.developer.tokens.delete.labelFor', { name }) }).click();
  const dialog = page.getByRole('dialog', { name: t('store.developer.tokens.delete.title', { name }) });
  const typed = dialog.getByLabel(t('store.developer.tokens.delete.typeName', { name }));
  const confirm = dialog.getByRole('button', {
    name: t('store.developer.tokens.delete.action'),
    exact: true,
  });
  await typed.fill(`${name}x`, TIMEOUT);
  await confirm.click();
  await dialog.getByText(t('store.developer.tokens.delete.mismatch')).waitFor(TIMEOUT);
  await typed.fill(name);
  await confirm.click();
  await dialog.waitFor({ state: 'detached', ...TIMEOUT });
}

/**
 * `bazaar connect`: while the terminal waits, the developer compares its verification code with
 * the one on the page it opened, and approves there.
 */
async function connectWithBrowserApproval(cli: CliHarness, page: Page, t: Translate, run: StoreRun) {
  cli.onSleep = async (count) => {
    if (count > 0) return;
    const code = /Verification code: (\S+)/.exec(cli.printed)?.[1];
    await page.goto(cli.opened.at(-1)!);
    const shownCode = page.getByLabel(t('store.connect.request.code'), { exact: true });
    await shownCode.waitFor(TIMEOUT);
    expect(await shownCode.textContent()).toBe(code);
    await saveStoreScreenshot(page, 'connect-cli', run);
    await page.getByRole('button', { name: t('store.connect.approve') }).click();
    await page.getByRole('heading', { name: t('store.connect.approved.title') }).waitFor(TIMEOUT);
  };
  expect(await runBazaar(cli, 'connect', platform.baseUrl)).toContain(`Connected to ${platform.baseUrl}`);
}

/**
 * At /developer/access-tokens: makes a token whose secret is shown once, uses it from a terminal,
 * and deletes it, after which the terminal is refused.
 */
async function makeUseAndDeleteToken(page: Page, t: Translate, cli: CliHarness, run: StoreRun) {
  const token = await createTokenInBrowser(page, t, 'laptop');
  await saveStoreScreenshot(page, 'token-secret', run);
  await page.getByRole('button', { name: t('store.developer.tokens.secret.done') }).click();
  // The Store keeps only the secret's hash: once the dialog is closed, no page shows it again.
  await page.reload();
  await rowsShowing(page, t('store.developer.tokens.title'), 'laptop').waitFor(TIMEOUT);
  expect(await page.locator('body').innerText()).not.toContain(token);

  const whoami = () => cli.run('--store', platform.baseUrl, 'whoami');
  cli.env.BAZAAR_TOKEN = token;
  expect((await whoami()).code).toBe(0);
  await deleteTokenInBrowser(page, t, 'laptop');
  // A deleted token stays listed as revoked, so a terminal still holding it is told why it stopped.
  await rowsShowing(page, t('store.developer.tokens.title'), 'laptop')
    .getByText(t('store.developer.tokens.state.revoked'))
    .waitFor(TIMEOUT);
  expect((await whoami()).stderr).toContain('TOKEN_REVOKED');
  delete cli.env.BAZAAR_TOKEN;
}

/** `bazaar init`, `bundle` and `upload`: the app's first version, a draft; answers the app's DID. */
async function uploadFirstVersion(cli: CliHarness, app: { name: string; title: string }): Promise<string> {
  const did = await initApp(cli, app);
  expect(await runBazaar(cli, 'bundle')).toContain(did);
  expect(await runBazaar(cli, 'upload')).toContain(`${app.name} 0.1.0 (${did}): draft`);
  return did;
}

/** At /developer/apps: finds the draft, opens the app and requests its review; the history tells both. */
async function requestReviewOfDraft(page: Page, t: Translate, app: { title: string }, did: string) {
  await page.goto(`${platform.baseUrl}/developer/apps`);
  const row = rowsShowing(page, t('store.apps.developer.title'), app.title);
  await row.getByText(t('store.apps.status.draft'), { exact: true }).waitFor(TIMEOUT);
  expect(await row.innerText()).toContain('0.1.0');
  await row.getByRole('link', { name: app.title }).click();
  await page.getByRole('heading', { name: app.title, level: 1 }).waitFor(TIMEOUT);
  expect(new URL(page.url()).pathname).toBe(`/developer/apps/${encodeURIComponent(did)}`);

  const requestReview = t('store.apps.action.requestReviewFor', { version: '0.1.0' });
  await page.getByRole('button', { name: requestReview }).click();
  await page
    .getByRole('status')
    .getByText(t('store.apps.done.pending', { version: '0.1.0' }))
    .waitFor(TIMEOUT);
  await waitForVersionStatus(page, t, '0.1.0', 'pending');
  const history = historyEntries(page, t);
  await expect.poll(() => history.count(), TIMEOUT).toBe(2);
  expect(await history.nth(0).innerText()).toContain(t('store.apps.history.uploaded'));
  expect(await history.nth(1).innerText()).toContain(t('store.apps.status.pending'));
}

describe("a Store developer's way, in Chromium", () => {
  it.each(STORE_RUNS)(
    'is invited, makes and deletes a token, connects the CLI, uploads an app and requests its review ($locale, $device)',
    async (run) => {
      const t = createTranslator(run.locale);
      const email = `developer-${run.locale}@example.com`;
      const app = {
        name: `hello-notes-${run.locale}`,
        title: run.locale === 'zh' ? '你好笔记' : 'Hello Notes',
      };
      const link = await inviteInConsole(run, t, email);
      const cli = await createCliHarness();
      const { context, page } = await openBrowser(run.viewport, run.browserLocale);
      try {
        await acceptInvitation(page, t, link, email);
        await page.getByRole('link', { name: t('store.invitation.accepted.tokens') }).click();
        await page.waitForURL(/\/developer\/access-tokens$/, TIMEOUT);
        await page.getByText(t('store.developer.tokens.empty')).waitFor(TIMEOUT);
        await makeUseAndDeleteToken(page, t, cli, run);

        await connectWithBrowserApproval(cli, page, t, run);
        const did = await uploadFirstVersion(cli, app);
        await requestReviewOfDraft(page, t, app, did);
        await saveStoreScreenshot(page, 'developer-app', run);
      } finally {
        await context.close();
        await cli.remove();
      }
    },
  );
});
