import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderStoreRoute } from '../../test-utils/render-store-route.tsx';
import { createStoreApiStub, refusal } from '../../test-utils/store-api-stub.ts';
import { USERS } from '../../test-utils/store-builders.ts';
import { consoleRoutes } from './console-routes.tsx';

const api = createStoreApiStub();

beforeAll(() => api.install());
afterEach(cleanup);

describe('ConsoleLayout', () => {
  beforeEach(() => api.reset(USERS.member));

  it('answers a member 403 and loads nothing of the console', async () => {
    renderStoreRoute('/console/settings', consoleRoutes);
    expect(await screen.findByRole('heading', { name: '403' })).toBeTruthy();
    expect(screen.getByText('Sorry, you are not authorized to access this page.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Store console' })).toBeNull();
    expect(api.requests.filter((request) => request.path.startsWith('/api/'))).toEqual([]);
  });

  it('answers a member 403 in Chinese', async () => {
    renderStoreRoute('/console/categories', consoleRoutes, { locale: 'zh' });
    expect(await screen.findByText('抱歉，你无权访问此页面。')).toBeTruthy();
  });
});

describe('ConsoleLayout for admins', () => {
  beforeEach(() => api.reset(USERS.admin));

  it('shows the console navigation with the current page chosen', async () => {
    api.on('GET', '/api/console/settings', refusal(403, 'FORBIDDEN'));
    renderStoreRoute('/console/settings', consoleRoutes);
    const nav = await screen.findByRole('navigation', { name: 'Store console' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Categories' }).getAttribute('href')).toBe('/console/categories');
  });

  it('says "Forbidden" when the server refuses a user the session calls an admin (a blocked user)', async () => {
    api.on('GET', '/api/console/settings', refusal(403, 'FORBIDDEN'));
    renderStoreRoute('/console/settings', consoleRoutes);
    expect(await screen.findByText('Forbidden')).toBeTruthy();
  });
});
