import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderStoreRoute } from '../../test-utils/render-store-route.tsx';
import { createStoreApiStub } from '../../test-utils/store-api-stub.ts';
import { makeDeveloper, USERS } from '../../test-utils/store-builders.ts';
import { JoinPage } from './join-page.tsx';

const api = createStoreApiStub();
const STORE_INFO = {
  did: 'did:bazaar:store',
  name: 'Bazaar',
  version: '0.1.0',
  maxBundleSize: 524_288_000,
  stakeAmount: '1',
  stakeCurrency: 'ABT',
};

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.member);
  api.on('GET', '/api/developer/me', { body: { developer: null, permissionMode: 'staking' } });
});
afterEach(cleanup);

function openPage(locale: 'en' | 'zh' = 'en') {
  renderStoreRoute('/join', <Route path="/join" element={<JoinPage />} />, { locale });
}

describe('JoinPage', () => {
  it('goes home, replacing the history entry, when developers join by invitation', async () => {
    api.on('GET', '/api/store.json', { body: { ...STORE_INFO, permissionMode: 'invitation' } });
    openPage();
    expect(await screen.findByRole('heading', { name: 'Store home (REPLACE)' })).toBeTruthy();
  });

  it('requires agreeing to the terms, and then says staking is not open yet without taking any payment', async () => {
    api.on('GET', '/api/store.json', { body: { ...STORE_INFO, permissionMode: 'staking' } });
    const user = userEvent.setup();
    openPage();
    expect(await screen.findByRole('heading', { name: 'Developer terms' })).toBeTruthy();
    expect(screen.getByText(/1 ABT/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue to staking' }));
    expect(screen.getByText('Developer registration requires agreeing to terms')).toBeTruthy();
    expect(screen.queryByText(/Staking is not open yet/)).toBeNull();

    await user.click(screen.getByLabelText('I agree to the developer terms'));
    expect(screen.queryByText('Developer registration requires agreeing to terms')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to staking' }));
    expect(screen.getByRole('status').textContent).toMatch(/^Staking is not open yet/);
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('shows the stake amount and currency store.json carries', async () => {
    api.on('GET', '/api/store.json', {
      body: { ...STORE_INFO, permissionMode: 'staking', stakeAmount: '2.5', stakeCurrency: 'ABT' },
    });
    openPage();
    expect(await screen.findByText('Stake 2.5 ABT to register as a developer.')).toBeTruthy();
  });

  it("tells a developer they're already one", async () => {
    api.on('GET', '/api/store.json', { body: { ...STORE_INFO, permissionMode: 'staking' } });
    api.on('GET', '/api/developer/me', { body: { developer: makeDeveloper(), permissionMode: 'staking' } });
    openPage();
    expect(await screen.findByText("You're already a developer")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to staking' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    api.on('GET', '/api/store.json', { body: { ...STORE_INFO, permissionMode: 'staking' } });
    const user = userEvent.setup();
    openPage('zh');
    await user.click(await screen.findByRole('button', { name: '继续质押' }));
    expect(screen.getByText('注册开发者需要同意条款')).toBeTruthy();
  });
});
