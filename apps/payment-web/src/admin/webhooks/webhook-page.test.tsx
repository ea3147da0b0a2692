import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';
import { catchSavedFiles } from '../test-utils/saved-files.ts';
import { makeAttempt, makeDelivery, makeEndpoint, makeRedelivery } from '../test-utils/webhook-builders.ts';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const ENDPOINT = '/payment-kit/api/webhook-endpoints/we_1';
const SECRET = 'whsec_rolledrolledrolledrolledrolled00';

const FAILED = makeDelivery({
  id: 'whd_failed',
  event_id: 'evt_2',
  status: 'failed',
  attempt_count: 18,
  attempts: [makeAttempt({ id: 'wha_2', status: 'failed', response_status: 503, duration_ms: 120 })],
});
const TEST = makeDelivery({
  id: 'whd_test',
  event_id: 'evt_test',
  event_type: 'invoice.created',
  test: true,
});

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', ENDPOINT, { body: makeEndpoint() });
  api.on('GET', `${ENDPOINT}/deliveries`, ({ query }) =>
    query.get('status') === 'failed'
      ? { body: { list: [FAILED], count: 1 } }
      : { body: { list: [TEST, FAILED, makeDelivery()], count: 3 } },
  );
  api.on('GET', `${ENDPOINT}/redeliveries`, { body: { list: [], count: 0 } });
});

async function openEndpoint() {
  renderAdmin('/admin/webhooks/we_1');
  expect(
    await screen.findByRole('heading', { name: 'https://shop.example/hooks', level: 1 }, SLOW),
  ).toBeTruthy();
}

afterEach(() => vi.restoreAllMocks());

describe('WebhookPage', () => {
  it('exports its deliveries as filtered, every page', async () => {
    const saved = catchSavedFiles();
    api.on('GET', `${ENDPOINT}/deliveries/export.csv`, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-total-count': '1' },
      raw: 'id,status\nwhd_failed,failed\n',
    });
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/webhooks/we_1?status=failed&page=2');
    const grid = await screen.findByRole('grid', { name: 'Deliveries' }, SLOW);
    await within(grid).findByText('503');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = Object.fromEntries(api.sent('GET', `${ENDPOINT}/deliveries/export.csv`)[0]!.query);
    expect(sent).toMatchObject({ status: 'failed', livemode: 'false' });
    expect(sent).not.toHaveProperty('page');
    expect(await saved[0]!.text()).toBe('id,status\nwhd_failed,failed\n');
  });

  it('shows the endpoint and its deliveries: each attempt’s answer, tests marked, a redelivery per row', async () => {
    api.on('POST', '/payment-kit/api/webhook-deliveries/whd_failed/redeliver', {
      body: { ...FAILED, status: 'pending' },
    });
    const user = userEvent.setup({ delay: null });
    await openEndpoint();
    expect(screen.getByText('Order sync')).toBeTruthy();
    expect(screen.getByText(/invoice\.paid\s+invoice\.created/)).toBeTruthy();
    const grid = await screen.findByRole('grid', { name: 'Deliveries' });
    await within(grid).findByText('503');
    const failedRow = within(grid).getByText('503').closest('[role="row"]') as HTMLElement;
    expect(within(failedRow).getByText('Failed')).toBeTruthy();
    expect(within(failedRow).getByText('120 ms')).toBeTruthy();
    expect(within(failedRow).getByText('18')).toBeTruthy();
    const testRow = within(grid).getByText('invoice.created').closest('[role="row"]') as HTMLElement;
    expect(within(testRow).getByText('Test')).toBeTruthy();

    await user.click(within(failedRow).getByRole('button', { name: 'Redeliver' }));
    expect(await screen.findByText('Queued to be sent again')).toBeTruthy();
    expect(api.sent('POST', '/payment-kit/api/webhook-deliveries/whd_failed/redeliver')).toHaveLength(1);
    // The row opened nothing: the click was the button's.
    expect(screen.queryByRole('table', { name: 'Attempts' })).toBeNull();
  });

  it("opens a delivery's every attempt, with its event", async () => {
    api.on('GET', `${ENDPOINT}/deliveries`, {
      body: {
        list: [
          makeDelivery({
            status: 'succeeded',
            attempt_count: 2,
            attempts: [
              makeAttempt({
                id: 'wha_a',
                status: 'failed',
                response_status: null,
                error: 'No answer within 10 s',
              }),
              makeAttempt({ id: 'wha_b', status: 'succeeded', response_status: 204, duration_ms: 87 }),
            ],
          }),
        ],
        count: 1,
      },
    });
    const user = userEvent.setup({ delay: null });
    await openEndpoint();
    await user.click(await screen.findByText('204'));
    const attempts = await screen.findByRole('table', { name: 'Attempts' });
    const rows = within(attempts).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('No answer within 10 s'),
      expect.stringContaining('87 ms'),
    ]);
    const dialog = screen.getByRole('dialog', { name: 'invoice.paid' });
    expect(within(dialog).getByRole('link', { name: 'evt_1' }).getAttribute('href')).toBe(
      '/admin/events/evt_1',
    );
  });

  it('sends a test event of the type chosen and says how the endpoint answered', async () => {
    api.on('POST', `${ENDPOINT}/test`, ({ body }) => ({
      body: makeDelivery({ id: 'whd_new', test: true, event_type: (body as { type: string }).type }),
    }));
    const user = userEvent.setup({ delay: null });
    await openEndpoint();
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a test event' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Event type' }));
    // Only the types the endpoint receives.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'invoice.paid',
      'invoice.created',
    ]);
    await user.click(screen.getByRole('option', { name: 'invoice.created' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Delivered: HTTP 200 in 42 ms')).toBeTruthy();
    expect(api.sent('POST', `${ENDPOINT}/test`)[0]!.body).toEqual({ type: 'invoice.created' });
  });

  it('says why a test event was not delivered', async () => {
    api.on('POST', `${ENDPOINT}/test`, {
      body: makeDelivery({
        test: true,
        status: 'failed',
        attempts: [makeAttempt({ status: 'failed', response_status: null, error: 'connect ECONNREFUSED' })],
      }),
    });
    const user = userEvent.setup({ delay: null });
    await openEndpoint();
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a test event' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Not delivered: connect ECONNREFUSED')).toBeTruthy();
    expect(api.sent('POST', `${ENDPOINT}/test`)[0]!.body).toEqual({ type: 'invoice.paid' });
  });

  it('disables the endpoint and enables it again', async () => {
    api.on('PUT', ENDPOINT, ({ body }) => ({
      body: makeEndpoint(body as { status: 'enabled' | 'disabled' }),
    }));
    const user = userEvent.setup({ delay: null });
    await openEndpoint();
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await user.click(await screen.findByRole('button', { name: 'Enable' }));
    expect(await screen.findByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(api.sent('PUT', ENDPOINT).map((request) => request.body)).toEqual([
      { status: 'disabled' },
      { status: 'enabled' },
    ]);
  });

  it('rolls the secret with the overlap chosen and shows the new one once', async () => {
    api.on('POST', `${ENDPOINT}/roll-secret`, { body: { ...makeEndpoint(), secret: SECRET } });
    const user = userEvent.setup({ delay: null });
    await openEndpoint();
    await user.click(screen.getByRole('button', { name: 'Roll secret' }));
    const roll = await screen.findByRole('dialog', { name: 'Roll the signing secret' });
    await user.click(within(roll).getByRole('radio', { name: 'In 1 hour' }));
    await user.click(within(roll).getByRole('button', { name: 'Roll secret' }));
    const shown = await screen.findByRole('dialog', { name: 'The endpoint’s signing secret' });
    expect(api.sent('POST', `${ENDPOINT}/roll-secret`)[0]!.body).toEqual({ expires_in_seconds: 3_600 });
    expect((within(shown).getByRole('textbox') as HTMLInputElement).value).toBe(SECRET);
    expect(within(shown).getByText(/shown this once only/)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(document.body.textContent).not.toContain(SECRET));
  });

  it('deletes the endpoint once confirmed, back to the list', async () => {
    api.on('DELETE', ENDPOINT, { body: { id: 'we_1', deleted: true } });
    api.on('GET', '/payment-kit/api/webhook-endpoints', { body: { list: [], count: 0 } });
    const user = userEvent.setup({ delay: null });
    await openEndpoint();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the endpoint' });
    expect(within(confirm).getByText(/cannot be undone/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/admin/webhooks'));
    expect(api.sent('DELETE', ENDPOINT)).toHaveLength(1);
  });

  it('redelivers the failed deliveries as one operation and shows its progress moving until done', async () => {
    let reads = 0;
    const progress = [
      makeRedelivery({ total: 3, pending: 3 }),
      makeRedelivery({ total: 3, succeeded: 1, pending: 2 }),
      makeRedelivery({ total: 3, succeeded: 2, failed: 1, pending: 0 }),
    ];
    api.on('POST', `${ENDPOINT}/redeliveries`, { body: progress[0] });
    const user = userEvent.setup({ delay: null });
    await openEndpoint();
    const start = await screen.findByRole('button', { name: 'Redeliver failed (1)' });
    // From here the server holds the redelivery: each read finds it further on.
    api.on('GET', `${ENDPOINT}/redeliveries`, () => {
      reads += 1;
      return { body: { list: [progress[Math.min(reads, 2)]], count: 1 } };
    });
    await user.click(start);
    const dialog = await screen.findByRole('dialog', { name: 'Redeliver failed deliveries' });
    await user.click(within(dialog).getByRole('button', { name: 'Redeliver' }));

    expect(await screen.findByText('0 of 3 sent: 0 delivered, 0 failed, 3 waiting')).toBeTruthy();
    expect(api.sent('POST', `${ENDPOINT}/redeliveries`)[0]!.body).toEqual({});
    expect(await screen.findByText('1 of 3 sent: 1 delivered, 0 failed, 2 waiting', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('3 of 3 sent: 2 delivered, 1 failed, 0 waiting', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Redelivery finished')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Redelivery finished' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    // Done: no more reads.
    const readsWhenDone = reads;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reads).toBe(readsWhenDone);
  });

  it('redelivers the deliveries picked by their boxes together', async () => {
    api.on('POST', `${ENDPOINT}/redeliveries`, {
      body: makeRedelivery({ total: 2, pending: 2 }),
    });
    const user = userEvent.setup({ delay: null });
    await openEndpoint();
    const grid = await screen.findByRole('grid', { name: 'Deliveries' });
    await within(grid).findByText('503');
    const rowOf = (text: string) => within(grid).getByText(text).closest('[role="row"]') as HTMLElement;
    await user.click(within(rowOf('503')).getByRole('checkbox'));
    await user.click(within(rowOf('invoice.created')).getByRole('checkbox'));
    // Picking a row opens nothing.
    expect(screen.queryByRole('table', { name: 'Attempts' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Redeliver selected (2)' }));

    expect(await screen.findByText('0 of 2 sent: 0 delivered, 0 failed, 2 waiting')).toBeTruthy();
    expect(api.sent('POST', `${ENDPOINT}/redeliveries`)[0]!.body).toEqual({
      delivery_ids: ['whd_failed', 'whd_test'],
    });
    expect(screen.queryByRole('button', { name: /Redeliver selected/ })).toBeNull();

    // The header's box picks the page on screen: what the grid holds of a server's list.
    await user.click(within(grid).getByRole('checkbox', { name: /select all/i }));
    expect(await screen.findByRole('button', { name: 'Redeliver selected (3)' })).toBeTruthy();
  });

  it('finds a running redelivery where it is after a reload', async () => {
    api.on('GET', `${ENDPOINT}/redeliveries`, {
      body: { list: [makeRedelivery({ total: 4, succeeded: 1, pending: 3 })], count: 1 },
    });
    await openEndpoint();
    expect(await screen.findByText('1 of 4 sent: 1 delivered, 0 failed, 3 waiting')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Redelivering' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );
  });

  it("leaves a platform component's endpoint alone", async () => {
    api.on('GET', ENDPOINT, { body: makeEndpoint({ url: 'component:store' }) });
    renderAdmin('/admin/webhooks/we_1');
    expect(await screen.findByRole('heading', { name: 'component:store', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByText(/belongs to a component of the platform/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Roll secret' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    renderAdmin('/admin/webhooks/we_1', { locale: 'zh' });
    expect(await screen.findByRole('button', { name: '发送测试事件' }, SLOW)).toBeTruthy();
    expect(await screen.findByRole('button', { name: '重新推送失败的事件（1）' })).toBeTruthy();
    expect(await screen.findByText('503')).toBeTruthy();
    expect(screen.getAllByText('失败').length).toBeGreaterThan(0);
  });
});
