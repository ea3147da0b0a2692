import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderStoreRoute } from '../../test-utils/render-store-route.tsx';
import { createStoreApiStub, refusal } from '../../test-utils/store-api-stub.ts';
import { makeDeveloper, TEST_NOW, USERS } from '../../test-utils/store-builders.ts';
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
  api.on('GET', '/api/developer/me', { body: { developer: null, permissionMode: 'staking', stake: null } });
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

  it('requires agreeing to the terms before it asks the Store for the stake checkout', async () => {
    api.on('GET', '/api/store.json', { body: { ...STORE_INFO, permissionMode: 'staking' } });
    api.on('POST', '/api/developer/stake', refusal(409, 'STAKING_CLOSED'));
    const user = userEvent.setup();
    openPage();
    expect(await screen.findByRole('heading', { name: 'Developer terms' })).toBeTruthy();
    expect(screen.getByText(/1 ABT/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue to staking' }));
    expect(screen.getByText('Developer registration requires agreeing to terms')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay the stake' })).toBeNull();

    await user.click(screen.getByLabelText('I agree to the developer terms'));
    expect(screen.queryByText('Developer registration requires agreeing to terms')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to staking' }));
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Pay the stake' }));
    // The Store could not make the checkout (an admin switched back to invitations meanwhile).
    expect(await screen.findByText(/cannot take a stake right now/)).toBeTruthy();
    expect(
      api.requests.filter((request) => request.method === 'POST').map((request) => request.path),
    ).toEqual(['/api/developer/stake']);
  });

  it('shows a developer their held stake, and leaving starts its wait to go back', async () => {
    const held = {
      id: 'sstk_1',
      amount: '5',
      currency: 'USD',
      status: 'held',
      returnAfter: null,
      refundId: null,
      reason: null,
      createdAt: TEST_NOW,
    };
    const returning = { ...held, status: 'returning', returnAfter: TEST_NOW + 7 * 86_400 };
    api.on('GET', '/api/store.json', { body: { ...STORE_INFO, permissionMode: 'staking' } });
    api.on('GET', '/api/developer/me', {
      body: { developer: makeDeveloper(), permissionMode: 'staking', stake: held },
    });
    api.on('POST', '/api/developer/leave', () => {
      api.on('GET', '/api/developer/me', {
        body: { developer: makeDeveloper({ status: 'left' }), permissionMode: 'staking', stake: returning },
      });
      return { body: { developer: makeDeveloper({ status: 'left' }), stake: returning } };
    });
    const user = userEvent.setup();
    openPage();
    expect(await screen.findByText('Your stake of 5 USD is held while you are a developer.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Leave and get the stake back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the store?' });
    expect(dialog.textContent).toContain('after 7 days');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Your stake of 5 USD goes back to you on 2026-01-08.')).toBeTruthy();
    // Who left may stake again.
    expect(screen.getByText('You left the store. Pay the stake again to come back.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to staking' })).toBeTruthy();
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
    api.on('GET', '/api/developer/me', {
      body: { developer: makeDeveloper(), permissionMode: 'staking', stake: null },
    });
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
