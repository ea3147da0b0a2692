import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { OverdueInvoicesResponse } from '@bazaar/schemas';
import {
  makeChainOverdueInvoice,
  makeOverdueResponse,
  makeUncollectibleInvoice,
} from '../test-utils/invoice-builders.ts';
import { installFakeRelay } from '../test-utils/fake-relay.ts';
import { renderWithPayment, SIGNED_IN_USER } from '../test-utils/render-checkout.tsx';
import { PastDueNotice } from './past-due-notice.tsx';

const SLOW = { timeout: 3_000 };
const OVERDUE_PATH = `/payment-kit/api/customers/${encodeURIComponent(SIGNED_IN_USER.did)}/overdue/invoices`;
const card = makeUncollectibleInvoice();
const chain = makeChainOverdueInvoice();

function renderNotice(answers: OverdueInvoicesResponse[], locale = 'en') {
  return renderWithPayment(<PastDueNotice />, {
    routes: [{ method: 'GET', path: OVERDUE_PATH, respond: answers.map((body) => ({ body })) }],
    locale,
    appId: 'app_test',
  });
}

describe('PastDueNotice', () => {
  let relay: ReturnType<typeof installFakeRelay>;
  beforeEach(() => {
    relay = installFakeRelay();
  });
  afterEach(() => {
    relay.uninstall();
  });

  it.each([
    ['en', 'You have 2 past-due invoices: $9.99 and 19.99 TST due.', 'Pay now', 'Past-due invoices'],
    ['zh', '您有 2 张逾期账单，应付 $9.99和19.99 TST。', '立即支付', '逾期账单'],
  ])('warns of what is due and opens the overdue dialog (%s)', async (locale, notice, pay, dialogTitle) => {
    const user = userEvent.setup();
    renderNotice([makeOverdueResponse([card, chain])], locale);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain(notice);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(alert).getByRole('button', { name: pay }));
    const dialog = await screen.findByRole('dialog', { name: dialogTitle }, SLOW);
    expect(within(dialog).getByText('$9.99')).toBeTruthy();
  });

  it('names a single invoice', async () => {
    renderNotice([makeOverdueResponse([card])]);
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain(
      'You have 1 past-due invoice: $9.99 due.',
    );
  });

  it('shows nothing when nothing is due', async () => {
    const { calls } = renderNotice([makeOverdueResponse([])]);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === OVERDUE_PATH)).toBe(true), SLOW);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing to a guest and asks nothing', async () => {
    const { calls } = renderWithPayment(<PastDueNotice />, { routes: [], user: null });
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.some((call) => call.url.pathname.includes('overdue'))).toBe(false);
  });

  it('goes away, dialog and all, once what was due is paid', async () => {
    const user = userEvent.setup();
    renderNotice([makeOverdueResponse([card]), makeOverdueResponse([])]);
    const alert = await screen.findByRole('alert', {}, SLOW);
    await user.click(within(alert).getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('dialog', {}, SLOW)).toBeTruthy();

    relay.deliver({
      type: 'invoice.paid',
      data: { id: card.id, customer_id: card.customer_id, subscription_id: card.subscription_id },
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), SLOW);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
  });
});
