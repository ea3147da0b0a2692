import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminApiStub, USERS } from './test-utils/admin-api-stub.ts';
import { renderAdmin } from './test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 3_000 };
const api = createAdminApiStub();
const EMPTY_PAGE = { body: { list: [], count: 0 } };

beforeAll(() => api.install());

describe('AdminGuard', () => {
  it('answers a member 403 with the platform text and asks the admin API nothing', async () => {
    api.reset(USERS.member);
    renderAdmin('/admin/products');
    expect(await screen.findByRole('heading', { name: '403' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Sorry, you are not authorized to access this page.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Payment Kit admin' })).toBeNull();
    expect(api.sent('GET', '/payment-kit/api/products')).toEqual([]);
  });

  it('answers a member 403 in Chinese', async () => {
    api.reset(USERS.member);
    renderAdmin('/admin/products', { locale: 'zh' });
    expect(await screen.findByText('抱歉，你无权访问此页面。', undefined, SLOW)).toBeTruthy();
  });

  it.each([
    ['an admin', USERS.admin],
    ['a developer', USERS.developer],
  ])('lets %s in: the navigation, the test-mode banner and the page', async (_who, user) => {
    api.reset(user);
    api.on('GET', '/payment-kit/api/products', EMPTY_PAGE);
    renderAdmin('/admin/products');
    expect(await screen.findByRole('heading', { name: 'Products', level: 1 }, SLOW)).toBeTruthy();
    const navigation = screen.getByRole('navigation', { name: 'Payment Kit admin' });
    expect(navigation.textContent).toContain('Products');
    expect(screen.getByText('You are viewing test data. Nothing here moves real money.')).toBeTruthy();
  });

  it('opens the first section at /admin', async () => {
    api.reset(USERS.admin);
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByLabelText('address').textContent).toBe('/admin/overview');
  });
});
