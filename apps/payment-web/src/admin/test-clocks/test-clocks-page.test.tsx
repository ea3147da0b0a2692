import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminTestClock } from '@bazaar/schemas';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { MIDDAY } from '../test-utils/customer-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';
import { catchSavedFiles } from '../test-utils/saved-files.ts';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 8_000 };
const api = createAdminApiStub();
const CLOCKS = '/payment-kit/api/test-clocks';

function makeClock(overrides: Partial<AdminTestClock> = {}): AdminTestClock {
  return {
    id: 'clock_1',
    object: 'test_clock',
    name: 'Renewal rehearsal',
    frozen_time: MIDDAY,
    livemode: false,
    created_at: MIDDAY,
    status: 'ready',
    customer_count: 0,
    advance: null,
    ...overrides,
  };
}

beforeAll(() => api.install());
beforeEach(() => api.reset(USERS.admin));
afterEach(() => vi.restoreAllMocks());

describe('TestClocksPage', () => {
  it(
    'lists the clocks with their time, status and customers, paged by the server',
    { timeout: 15_000 },
    async () => {
      api.on('GET', CLOCKS, {
        body: {
          list: [
            makeClock({ id: 'clock_2', name: 'Year of renewals', status: 'advancing', customer_count: 3 }),
            makeClock(),
          ],
          count: 2,
        },
      });
      renderAdmin('/admin/test-clocks?page=1');
      expect(await screen.findByText('Year of renewals', undefined, SLOW)).toBeTruthy();
      const grid = screen.getByRole('grid');
      expect(within(grid).getByText('Advancing')).toBeTruthy();
      expect(within(grid).getByText('Ready')).toBeTruthy();
      expect(within(grid).getByText('3')).toBeTruthy();
      expect(within(grid).getAllByText(/^2027-01-15/)).toHaveLength(2);
      const [request] = api.sent('GET', CLOCKS);
      expect(request?.query.get('livemode')).toBe('false');
      expect(request?.query.get('page')).toBe('1');
    },
  );

  it('exports the clocks whole', async () => {
    const saved = catchSavedFiles();
    api.on('GET', CLOCKS, { body: { list: [makeClock()], count: 1 } });
    api.on('GET', `${CLOCKS}/export.csv`, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-total-count': '1' },
      raw: 'id,name\nclock_1,Renewal rehearsal\n',
    });
    const user = userEvent.setup();
    renderAdmin('/admin/test-clocks?page=3');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = Object.fromEntries(api.sent('GET', `${CLOCKS}/export.csv`)[0]!.query);
    expect(sent).toMatchObject({ livemode: 'false' });
    expect(sent).not.toHaveProperty('page');
    expect(await saved[0]!.text()).toBe('id,name\nclock_1,Renewal rehearsal\n');
  });

  it('creates a clock with its name and start time, then opens it', async () => {
    api.on('GET', CLOCKS, { body: { list: [], count: 0 } });
    api.on('POST', CLOCKS, { body: makeClock({ id: 'clock_new', name: 'Trial ends' }) });
    api.on('GET', `${CLOCKS}/clock_new`, {
      body: { ...makeClock({ id: 'clock_new', name: 'Trial ends' }), customers: [] },
    });
    renderAdmin('/admin/test-clocks');
    expect(await screen.findByText('No test clocks yet', undefined, SLOW)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New test clock' }));
    const dialog = screen.getByRole('dialog', { name: 'New test clock' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Trial ends');
    const start = within(dialog).getByLabelText('Start time');
    await user.clear(start);
    await user.type(start, '2099-03-01T10:30');
    await user.click(within(dialog).getByRole('button', { name: 'Create test clock' }));

    expect(await screen.findByRole('heading', { name: /Trial ends/ }, SLOW)).toBeTruthy();
    expect(api.sent('POST', CLOCKS).map((request) => request.body)).toEqual([
      { name: 'Trial ends', frozen_time: Math.floor(new Date('2099-03-01T10:30').getTime() / 1000) },
    ]);
    expect(screen.getByLabelText('address').textContent).toBe('/admin/test-clocks/clock_new');
  });

  it('shows the server’s refusal in the dialog, in Chinese', async () => {
    api.on('GET', CLOCKS, { body: { list: [], count: 0 } });
    api.on('POST', CLOCKS, {
      status: 400,
      body: { error: { code: 'TEST_CLOCK_INVALID', message: 'A test clock starts at or after the present' } },
    });
    renderAdmin('/admin/test-clocks', { locale: 'zh' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '新建测试时钟' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: '新建测试时钟' });
    expect((within(dialog).getByLabelText(/^名称/) as HTMLInputElement).value).toBe('测试时钟');
    await user.click(within(dialog).getByRole('button', { name: '创建测试时钟' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(api.sent('POST', CLOCKS)).toHaveLength(1);
  });
});
