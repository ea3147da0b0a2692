import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';
import { catchSavedFiles } from '../test-utils/saved-files.ts';
import { makeEndpoint } from '../test-utils/webhook-builders.ts';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const ENDPOINTS = '/payment-kit/api/webhook-endpoints';
const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuv';

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', ENDPOINTS, {
    body: {
      list: [
        makeEndpoint(),
        makeEndpoint({
          id: 'we_2',
          url: 'https://crm.example/in',
          enabled_events: ['*'],
          status: 'disabled',
        }),
        makeEndpoint({ id: 'we_3', url: 'https://erp.example/in', failing_since: 1_800_000_000 }),
      ],
      count: 3,
    },
  });
});

afterEach(() => vi.restoreAllMocks());

describe('WebhooksPage', () => {
  it("exports the mode's endpoints whole", async () => {
    const saved = catchSavedFiles();
    api.on('GET', `${ENDPOINTS}/export.csv`, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-total-count': '1' },
      raw: 'id,url\nwe_1,https://shop.example/hooks\n',
    });
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/webhooks?page=2');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = Object.fromEntries(api.sent('GET', `${ENDPOINTS}/export.csv`)[0]!.query);
    expect(sent).toMatchObject({ livemode: 'false' });
    expect(sent).not.toHaveProperty('page');
    expect(await saved[0]!.text()).toBe('id,url\nwe_1,https://shop.example/hooks\n');
  });

  it('lists endpoints with their events and whether they receive them', async () => {
    renderAdmin('/admin/webhooks');
    const grid = await screen.findByRole('grid', { name: 'Webhooks' }, SLOW);
    const row = (url: string) => within(grid).getByText(url).closest('[role="row"]') as HTMLElement;
    await within(grid).findByText('https://crm.example/in');
    expect(within(row('https://shop.example/hooks')).getByText('2 events')).toBeTruthy();
    expect(within(row('https://shop.example/hooks')).getByText('Enabled')).toBeTruthy();
    expect(within(row('https://crm.example/in')).getByText('All events')).toBeTruthy();
    expect(within(row('https://crm.example/in')).getByText('Disabled')).toBeTruthy();
    expect(within(row('https://erp.example/in')).getByText(/^Failing since/)).toBeTruthy();
  });

  it('adds an endpoint, shows its secret once with a warning, then opens it without the secret', async () => {
    api.on('POST', ENDPOINTS, { body: { ...makeEndpoint({ id: 'we_new' }), secret: SECRET } });
    api.on('GET', `${ENDPOINTS}/we_new`, { body: makeEndpoint({ id: 'we_new' }) });
    api.on('GET', `${ENDPOINTS}/we_new/deliveries`, { body: { list: [], count: 0 } });
    api.on('GET', `${ENDPOINTS}/we_new/redeliveries`, { body: { list: [], count: 0 } });
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }, SLOW));
    const form = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.type(
      within(form).getByRole('textbox', { name: /Endpoint URL/ }),
      'https://shop.example/hooks',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Order sync');
    await user.click(within(form).getByRole('checkbox', { name: 'All events' }));
    // Choosing types rather than all: at least one is needed.
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('Choose at least one event type')).toBeTruthy();
    expect(api.sent('POST', ENDPOINTS)).toEqual([]);
    await user.click(within(form).getByRole('combobox', { name: 'Events to send' }));
    await user.click(await screen.findByRole('option', { name: 'invoice.paid' }));
    await user.click(await screen.findByRole('option', { name: 'invoice.created' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'The endpoint’s signing secret' });
    expect(api.sent('POST', ENDPOINTS)[0]!.body).toEqual({
      url: 'https://shop.example/hooks',
      description: 'Order sync',
      enabled_events: ['invoice.paid', 'invoice.created'],
      livemode: false,
    });
    expect((within(secretDialog).getByRole('textbox') as HTMLInputElement).value).toBe(SECRET);
    expect(within(secretDialog).getByText(/shown this once only/)).toBeTruthy();
    await user.click(within(secretDialog).getByRole('button', { name: 'I have saved it' }));

    expect(
      await screen.findByRole('heading', { name: 'https://shop.example/hooks', level: 1 }, SLOW),
    ).toBeTruthy();
    expect(screen.getByLabelText('address').textContent).toBe('/admin/webhooks/we_new');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("puts the server's refusal of the URL on the field", async () => {
    api.on('POST', ENDPOINTS, {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid body',
          details: [{ path: 'url', message: 'Invalid url' }],
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAdmin('/admin/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }, SLOW));
    const form = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.type(within(form).getByRole('textbox', { name: /Endpoint URL/ }), 'not a url');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(within(form).getByText('Invalid url')).toBeTruthy());
    expect(api.sent('POST', ENDPOINTS)[0]!.body).toMatchObject({ enabled_events: ['*'] });
    expect(screen.queryByRole('dialog', { name: 'The endpoint’s signing secret' })).toBeNull();
  });
});
