import { cleanup, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreApiError } from '../api/store-api.ts';
import { renderStoreRoute } from '../test-utils/render-store-route.tsx';
import { createStoreApiStub } from '../test-utils/store-api-stub.ts';
import { ErrorPage, errorPageStatus, type ErrorPageStatus } from './error-page.tsx';
import { PageBoundary } from './page-boundary.tsx';

const api = createStoreApiStub();

beforeAll(() => api.install());
beforeEach(() => api.reset(null));
afterEach(cleanup);

const SPEC_TEXTS: Array<[ErrorPageStatus, string, string]> = [
  [400, 'Sorry, request error', '抱歉，请求出错'],
  [403, 'Sorry, you are not authorized to access this page.', '抱歉，你无权访问此页面。'],
  [404, 'Sorry, the page you visited does not exist.', '抱歉，你访问的页面不存在。'],
  [500, 'Sorry, something went wrong.', '抱歉，出了点问题。'],
];

function Broken(): never {
  throw new Error('a page that cannot render');
}

describe('ErrorPage', () => {
  it.each(SPEC_TEXTS)(
    'says the spec’s text for %i, in English and Chinese, with the way home',
    (status, en, zh) => {
      renderStoreRoute('/oops', <Route path="/oops" element={<ErrorPage status={status} />} />);
      expect(screen.getByRole('heading', { level: 1, name: String(status) })).toBeTruthy();
      expect(screen.getByText(en)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to the store' }).getAttribute('href')).toBe('/');
      cleanup();

      renderStoreRoute('/oops', <Route path="/oops" element={<ErrorPage status={status} />} />, {
        locale: 'zh',
      });
      expect(screen.getByText(zh)).toBeTruthy();
      expect(screen.getByRole('link', { name: '返回商店' })).toBeTruthy();
    },
  );

  it('is the page of the refusal a read met: 404, 403 (a signed-out 401 too), other refusals 400, the rest 500', () => {
    const refused = (status: number) => new StoreApiError('NOT_FOUND', status, 'refused');
    expect(errorPageStatus(refused(404))).toBe(404);
    expect(errorPageStatus(refused(403))).toBe(403);
    expect(errorPageStatus(refused(401))).toBe(403);
    expect(errorPageStatus(refused(400))).toBe(400);
    expect(errorPageStatus(refused(409))).toBe(400);
    expect(errorPageStatus(refused(500))).toBe(500);
    expect(errorPageStatus(new StoreApiError('network', 0, 'offline'))).toBe(500);
    expect(errorPageStatus(new TypeError('bug'))).toBe(500);
  });

  it('stands in for a page that throws, rather than a blank screen', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderStoreRoute(
      '/broken',
      <Route
        path="/broken"
        element={
          <PageBoundary resetKey="/broken">
            <Broken />
          </PageBoundary>
        }
      />,
    );
    expect(screen.getByRole('heading', { name: '500' })).toBeTruthy();
    expect(screen.getByText('Sorry, something went wrong.')).toBeTruthy();
    log.mockRestore();
  });
});
