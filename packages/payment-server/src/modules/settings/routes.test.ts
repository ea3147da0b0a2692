import { COMPONENT_IDS, settingSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';

const HOME = 'store/home';

describe.each(TEST_DIALECTS)('donation settings on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  /** What the widget posts when it mounts: anyone may, signed in or not. */
  function mount(body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: `${API}/settings`,
      headers,
      payload: {
        type: 'donate',
        mountLocation: HOME,
        description: 'Tips on the Store home page',
        componentDid: COMPONENT_IDS.store,
        active: false,
        livemode: false,
        ...body,
      },
    });
  }

  it('creates the setting with the defaults the first time, then answers it as it stands', async () => {
    const first = await mount();
    expect(first.statusCode, first.body).toBe(200);
    const created = settingSchema.parse(first.json());
    expect(created).toMatchObject({
      type: 'donate',
      mount_location: HOME,
      active: false,
      livemode: false,
      settings: {
        amount: { presets: ['1', '5', '10'], preset: '1', minimum: '0.01', maximum: '100', custom: true },
        appearance: { button: { variant: 'outlined' }, history: { variant: 'avatar' } },
        beneficiaries: [],
      },
    });
    const edited = await adminRequest(t, 'PUT', `/settings/${encodeURIComponent(HOME)}`, {
      livemode: false,
      settings: { title: 'Buy us a coffee', amount: { presets: ['2', '4'], preset: '2' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Mounting again with other defaults keeps what the owner set; live mode has its own setting.
    const again = settingSchema.parse((await mount({ defaultSettings: { title: 'Other' } })).json());
    expect(again).toMatchObject({ id: created.id, settings: { title: 'Buy us a coffee' } });
    expect(again.settings.amount.presets).toEqual(['2', '4']);
    const live = settingSchema.parse((await mount({ livemode: true })).json());
    expect(live.id).not.toBe(created.id);
  });

  it('lets two mounts at once agree on one setting', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => mount()));
    const ids = new Set(answers.map((answer) => settingSchema.parse(answer.json()).id));
    expect(ids.size).toBe(1);
  });

  it('refuses bad input with its field, and writes nothing', async () => {
    const cases = [
      [{ componentDid: 'did:bazaar:somebody-else' }, 'componentDid'],
      [{ mountLocation: '../etc' }, 'mountLocation'],
      [{ defaultSettings: { amount: { minimum: '10', maximum: '1' } } }, 'defaultSettings.amount.maximum'],
      [{ defaultSettings: { amount: { presets: ['500'] } } }, 'defaultSettings.amount.presets.0'],
      [{ defaultSettings: { amount: { maximum: '1e3' } } }, 'defaultSettings.amount.maximum'],
    ] as const;
    for (const [body, path] of cases) {
      const response = await mount(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await t.db.selectFrom('settings').selectAll().execute()).toEqual([]);
  });

  it('lets only owners and admins enable or edit a setting', async () => {
    const { id } = settingSchema.parse((await mount()).json());
    for (const role of [null, 'member'] as const) {
      const enable = await adminRequest(t, 'PUT', `/settings/${id}`, { active: true }, role);
      expect(enable.statusCode).toBe(role === null ? 401 : 403);
      const edit = await adminRequest(
        t,
        'PUT',
        `/settings/${encodeURIComponent(HOME)}`,
        { livemode: false, settings: {} },
        role,
      );
      expect(edit.statusCode).toBe(role === null ? 401 : 403);
      expect((await adminRequest(t, 'GET', `/settings/${id}`, undefined, role)).statusCode).toBe(
        role === null ? 401 : 403,
      );
    }
    for (const role of ['owner', 'admin'] as const) {
      const enable = await adminRequest(t, 'PUT', `/settings/${id}`, { active: role === 'admin' }, role);
      expect(enable.statusCode, enable.body).toBe(200);
      expect(enable.json().active).toBe(role === 'admin');
    }
    expect((await adminRequest(t, 'GET', `/settings/${id}`)).json().active).toBe(true);
    for (const role of [null, 'member'] as const) {
      const listed = await adminRequest(t, 'GET', '/donation-settings?livemode=false', undefined, role);
      expect(listed.statusCode).toBe(role === null ? 401 : 403);
    }
    t.clock.advance(1);
    await mount({ mountLocation: 'store/app' });
    await mount({ mountLocation: 'store/live', livemode: true });
    const listed = await adminRequest(t, 'GET', '/donation-settings?livemode=false');
    expect(listed.json().list.map((setting: { mount_location: string }) => setting.mount_location)).toEqual([
      HOME,
      'store/app',
    ]);
    expect((await adminRequest(t, 'PUT', '/settings/set_nosuchsetting00', { active: true })).statusCode).toBe(
      404,
    );
    expect(
      (await adminRequest(t, 'PUT', '/settings/nowhere', { livemode: false, settings: {} })).statusCode,
    ).toBe(404);
  });
});
