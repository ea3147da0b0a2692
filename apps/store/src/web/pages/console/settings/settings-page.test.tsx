import { STORE_DEFAULT_SETTINGS, type StoreSettings } from '@bazaar/schemas';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fieldHelp, renderStoreRoute } from '../../../test-utils/render-store-route.tsx';
import { createStoreApiStub, refusal } from '../../../test-utils/store-api-stub.ts';
import { USERS } from '../../../test-utils/store-builders.ts';
import { consoleRoutes } from '../console-routes.tsx';

const api = createStoreApiStub();
const SETTINGS = '/api/console/settings';
let saved: StoreSettings;

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  saved = { ...STORE_DEFAULT_SETTINGS };
  api.on('GET', SETTINGS, () => ({ body: saved }));
  api.on('PUT', SETTINGS, (request) => {
    saved = { ...saved, ...(request.body as Partial<StoreSettings>) };
    return { body: saved };
  });
});
afterEach(cleanup);

const openPage = () => renderStoreRoute('/console/settings', consoleRoutes);

describe('SettingsPage', () => {
  it('shows the saved settings', async () => {
    openPage();
    expect(await screen.findByLabelText("An administrator's invitation")).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Every version')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Largest bundle')).toHaveProperty('value', '500');
    expect(screen.getByLabelText('Stake amount')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Stake currency')).toHaveProperty('value', 'ABT');
    expect(screen.getByLabelText('Publish approved versions automatically by default')).toHaveProperty(
      'checked',
      false,
    );
  });

  it('saves only what changed, as the server takes it', async () => {
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByLabelText('The first version only'));
    await user.clear(screen.getByLabelText('Largest bundle'));
    await user.type(screen.getByLabelText('Largest bundle'), '800');
    await user.click(screen.getByLabelText('Publish approved versions automatically by default'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(api.sent('PUT', SETTINGS).map((request) => request.body)).toEqual([
      { defaultReviewType: 'first', maxBundleSizeMb: 800, autoPublishDefault: true },
    ]);
  });

  it('switches to staking with its stake', async () => {
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByLabelText('Staking (the /join page)'));
    await user.clear(screen.getByLabelText('Stake amount'));
    await user.type(screen.getByLabelText('Stake amount'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(api.sent('PUT', SETTINGS).map((request) => request.body)).toEqual([
        { permissionMode: 'staking', stakeAmount: '2.5' },
      ]),
    );
  });

  it('refuses what the server would refuse, at its field, without sending it', async () => {
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByLabelText('Staking (the /join page)'));
    await user.clear(screen.getByLabelText('Stake amount'));
    await user.type(screen.getByLabelText('Stake amount'), '0');
    await user.clear(screen.getByLabelText('Largest bundle'));
    await user.type(screen.getByLabelText('Largest bundle'), '5000');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(fieldHelp('Stake amount')).toBe('Enter an amount above 0, such as 1 or 0.5');
    expect(fieldHelp('Largest bundle')).toBe('A whole number of MB from 1 to 2048');
    expect(api.sent('PUT', SETTINGS)).toEqual([]);
  });

  it("shows the server's refusal at its field", async () => {
    api.on(
      'PUT',
      SETTINGS,
      refusal(400, 'VALIDATION_FAILED', [
        { path: 'stakeCurrency', message: 'Letters, digits and _ . - only' },
      ]),
    );
    const user = userEvent.setup();
    openPage();
    await user.clear(await screen.findByLabelText('Stake currency'));
    await user.type(screen.getByLabelText('Stake currency'), 'USDC');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(fieldHelp('Stake currency')).toBe('Letters, digits and _ . - only, at most 40 characters'),
    );
    expect(screen.queryByText('Settings saved.')).toBeNull();
  });

  it('says so when the Payment Kit has no such currency for the stake', async () => {
    api.on('PUT', SETTINGS, refusal(400, 'CURRENCY_UNKNOWN'));
    const user = userEvent.setup();
    openPage();
    await user.clear(await screen.findByLabelText('Stake currency'));
    await user.type(screen.getByLabelText('Stake currency'), 'XYZ');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/The Payment Kit has no such currency in this mode/)).toBeTruthy();
  });

  it('says when nothing changed, and sends nothing', async () => {
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('Nothing changed.')).toBeTruthy();
    expect(api.sent('PUT', SETTINGS)).toEqual([]);
  });
});
