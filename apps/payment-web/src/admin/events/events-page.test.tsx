import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeRelay } from '@bazaar/payment-react/testing';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { atPhoneWidth } from '../test-utils/phone-width.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';
import { makeDelivery, makeEndpoint, makeEvent, makeAttempt } from '../test-utils/webhook-builders.ts';
import { catchSavedFiles } from '../test-utils/saved-files.ts';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const EVENTS = '/payment-kit/api/events';

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', EVENTS, {
    body: {
      list: [
        makeEvent(),
        makeEvent({ id: 'evt_2', type: 'customer.created', object_id: 'cus_9', data: { id: 'cus_9' } }),
      ],
      count: 2,
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lastQuery = () => Object.fromEntries(api.sent('GET', EVENTS).at(-1)!.query);

describe('EventsPage', () => {
  it('asks the API for the view in the address: the object searched as object_id, type, kind of object, sort', async () => {
    renderAdmin(
      '/admin/events?q=in_1&type=invoice.paid&object_type=invoice&sortBy=created&sortDirection=asc',
    );
    expect(await screen.findByRole('heading', { name: 'Events', level: 1 }, SLOW)).toBeTruthy();
    expect(await screen.findByText('customer.created')).toBeTruthy();
    expect(lastQuery()).toMatchObject({
      object_id: 'in_1',
      type: 'invoice.paid',
      object_type: 'invoice',
      sortDirection: 'asc',
      livemode: 'false',
    });
    expect(lastQuery()).not.toHaveProperty('q');
  });

  it('exports the log as filtered, the object searched included, every page', async () => {
    const saved = catchSavedFiles();
    api.on('GET', `${EVENTS}/export.csv`, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-total-count': '1' },
      raw: 'id,type\nevt_1,invoice.paid\n',
    });
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/events?q=in_1&type=invoice.paid&page=3&sortBy=created&sortDirection=asc');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = Object.fromEntries(api.sent('GET', `${EVENTS}/export.csv`)[0]!.query);
    expect(sent).toMatchObject({ object_id: 'in_1', type: 'invoice.paid', livemode: 'false' });
    expect(Object.keys(sent)).not.toContain('page');
    expect(Object.keys(sent)).not.toContain('q');
    expect(await saved[0]!.text()).toBe('id,type\nevt_1,invoice.paid\n');
  });

  it('filters by event type from its picker, back to the first page', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/events?page=2');
    await user.click(await screen.findByRole('combobox', { name: 'Event type' }, SLOW));
    await user.click(await screen.findByRole('option', { name: 'refund.succeeded' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ type: 'refund.succeeded', page: '1' }));
    expect(screen.getByLabelText('address').textContent).toContain('type=refund.succeeded');
  });

  it('opens an event: its payload as delivered, where it went, and a redelivery', async () => {
    api.on('GET', `${EVENTS}/evt_1`, { body: makeEvent() });
    api.on('GET', `${EVENTS}/evt_1/deliveries`, {
      body: {
        list: [
          makeDelivery(),
          makeDelivery({
            id: 'whd_2',
            endpoint_id: 'we_2',
            status: 'failed',
            attempts: [
              makeAttempt({ status: 'failed', response_status: null, error: 'No answer within 10 s' }),
            ],
          }),
        ],
        count: 2,
      },
    });
    api.on('GET', '/payment-kit/api/webhook-endpoints/we_1', { body: makeEndpoint() });
    api.on('GET', '/payment-kit/api/webhook-endpoints/we_2', {
      body: makeEndpoint({ id: 'we_2', url: 'https://crm.example/in' }),
    });
    api.on('POST', '/payment-kit/api/webhook-deliveries/whd_2/redeliver', {
      body: makeDelivery({ id: 'whd_2', endpoint_id: 'we_2', status: 'pending' }),
    });
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/events');
    await user.click(await screen.findByText('in_1', {}, SLOW));

    expect(await screen.findByRole('heading', { name: 'invoice.paid', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByText(/"customer_id": "cus_1"/)).toBeTruthy();
    const deliveries = await screen.findByRole('table', { name: 'Webhook deliveries' });
    expect(await within(deliveries).findByRole('link', { name: 'https://crm.example/in' })).toBeTruthy();
    expect(within(deliveries).getByText('200')).toBeTruthy();
    expect(within(deliveries).getByText('No response')).toBeTruthy();
    const failedRow = within(deliveries).getByText('Failed').closest('tr')!;
    await user.click(within(failedRow as HTMLElement).getByRole('button', { name: 'Redeliver' }));
    expect(await screen.findByText('Queued to be sent again')).toBeTruthy();
    expect(api.sent('POST', '/payment-kit/api/webhook-deliveries/whd_2/redeliver')).toHaveLength(1);
  });

  it('shows a new event without a reload, once the relay tells of it', async () => {
    const relay = installFakeRelay();
    renderAdmin('/admin/events', { withRelay: true });
    await screen.findByText('customer.created', {}, SLOW);
    api.on('GET', EVENTS, {
      body: {
        list: [makeEvent({ id: 'evt_3', type: 'refund.created', object_id: 're_1' }), makeEvent()],
        count: 2,
      },
    });
    relay.deliver({ type: 'customer.created', data: { id: 'cus_2' } });
    expect(await screen.findByText('refund.created', {}, SLOW)).toBeTruthy();
  });

  it("links the object to its page when the dashboard has one, and goes to a delivery's endpoint", async () => {
    api.on('GET', `${EVENTS}/evt_2`, {
      body: makeEvent({ id: 'evt_2', type: 'customer.created', object_id: 'cus_9', data: { id: 'cus_9' } }),
    });
    api.on('GET', `${EVENTS}/evt_2/deliveries`, {
      body: { list: [makeDelivery({ event_id: 'evt_2' })], count: 1 },
    });
    api.on('GET', '/payment-kit/api/webhook-endpoints/we_1', { body: makeEndpoint() });
    renderAdmin('/admin/events/evt_2');
    const object = await screen.findByRole('link', { name: 'cus_9' }, SLOW);
    expect(object.getAttribute('href')).toBe('/admin/customers/cus_9');
    const endpoint = await screen.findByRole('link', { name: 'https://shop.example/hooks' });
    expect(endpoint.getAttribute('href')).toBe('/admin/webhooks/we_1');
  });

  it('says when the event is not in the log', async () => {
    renderAdmin('/admin/events/evt_gone');
    expect(await screen.findByText('There is no such event in the last 30 days.', {}, SLOW)).toBeTruthy();
  });

  it('keeps the type and time at phone width, five to a page', async () => {
    atPhoneWidth();
    renderAdmin('/admin/events');
    const grid = await screen.findByRole('grid', { name: 'Events' }, SLOW);
    expect(await within(grid).findByText('customer.created')).toBeTruthy();
    expect(within(grid).queryByRole('columnheader', { name: 'Object' })).toBeNull();
    expect(within(grid).getByRole('columnheader', { name: 'Created' })).toBeTruthy();
    expect(lastQuery()).toMatchObject({ pageSize: '5' });
  });

  it('speaks Chinese', async () => {
    renderAdmin('/admin/events', { locale: 'zh' });
    expect(await screen.findByRole('heading', { name: '事件', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '事件类型' })).toBeTruthy();
    expect(screen.getByText('事件保留 30 天。')).toBeTruthy();
  });
});
