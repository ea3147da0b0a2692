import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { donateSettingsSchema, type SessionUser, type Setting } from '@bazaar/schemas';
import type { StubAnswer, StubRoute } from '../test-utils/fetch-stub.ts';
import { renderWithPayment, SIGNED_IN_USER } from '../test-utils/render-checkout.tsx';
import { DonationSettingsPage, type DonationSettingsPageProps } from './donation-settings-page.tsx';

const SLOW = { timeout: 3_000 };
const LIST_PATH = '/payment-kit/api/donation-settings';
const SETTING_PATH = /^\/payment-kit\/api\/settings\/[^/]+$/;

const ADMIN: SessionUser = { ...SIGNED_IN_USER, passports: [{ role: 'admin', name: 'Admin' }] };
const MEMBER: SessionUser = { ...SIGNED_IN_USER, passports: [{ role: 'member', name: 'Member' }] };

function makeSetting(overrides: Partial<Setting> = {}): Setting {
  return {
    id: 'set_home',
    object: 'setting',
    type: 'donate',
    mount_location: 'store/home',
    description: 'Tips on the Store home page',
    component_did: 'did:bazaar:store',
    active: true,
    livemode: false,
    settings: donateSettingsSchema.parse({ title: 'Buy us a coffee' }),
    created_at: 1_800_000_000,
    updated_at: 1_800_000_000,
    ...overrides,
  };
}

const home = makeSetting();
const blog = makeSetting({
  id: 'set_blog',
  mount_location: 'app/blog',
  description: '',
  component_did: 'did:bazaar:payment-kit',
  active: false,
});

/** The server's answer to a PUT: the setting with what was sent applied. */
function applied(request: { url: URL; body: unknown }): StubAnswer {
  const key = decodeURIComponent(request.url.pathname.split('/').pop()!);
  const setting = [home, blog].find((each) => each.id === key || each.mount_location === key)!;
  return { body: { ...setting, ...(request.body as Partial<Setting>) } };
}

function renderPage({
  user = ADMIN,
  list = { body: { list: [home, blog] } },
  put = applied,
  locale = 'en',
  props = {},
  onRequireLogin,
}: {
  user?: SessionUser | null;
  list?: StubAnswer | StubAnswer[];
  put?: StubAnswer | ((request: { url: URL; body: unknown }) => StubAnswer);
  locale?: string;
  props?: DonationSettingsPageProps;
  onRequireLogin?: () => void;
} = {}) {
  const routes: StubRoute[] = [
    { method: 'GET', path: LIST_PATH, respond: list },
    { method: 'PUT', path: SETTING_PATH, respond: put },
  ];
  return renderWithPayment(<DonationSettingsPage {...props} />, { routes, user, locale, onRequireLogin });
}

async function findCard(location: string) {
  return screen.findByRole('region', { name: location }, SLOW);
}

async function openEditor(user: ReturnType<typeof userEvent.setup>, location = 'store/home') {
  await user.click(within(await findCard(location)).getByRole('button', { name: `Edit ${location}` }));
  return screen.findByRole('dialog', { name: /Donation settings/ }, SLOW);
}

describe('DonationSettingsPage', () => {
  it("lists every donation setting of the page's mode with where it is mounted and whether it is on", async () => {
    const { calls } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Donations' }, SLOW)).toBeTruthy();
    const homeCard = await findCard('store/home');
    expect(within(homeCard).getByText('Tips on the Store home page')).toBeTruthy();
    expect(within(homeCard).getByText('Component: did:bazaar:store')).toBeTruthy();
    expect(within(homeCard).getByText('Test mode')).toBeTruthy();
    expect((within(homeCard).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    const blogCard = await findCard('app/blog');
    expect(within(blogCard).getByText('No description')).toBeTruthy();
    expect((within(blogCard).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(
      false,
    );
    const read = calls.find((call) => call.url.pathname === LIST_PATH)!;
    expect(read.url.searchParams.get('livemode')).toBe('false');
  });

  it('turns a setting on by its id, and puts the switch back when the server refuses', async () => {
    const user = userEvent.setup();
    const refused: StubAnswer = {
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'Permission denied' } },
    };
    const { calls } = renderPage({
      put: (request) => (request.url.pathname.endsWith('set_home') ? refused : applied(request)),
    });
    const blogSwitch = within(await findCard('app/blog')).getByRole('switch', { name: 'Active' });
    await user.click(blogSwitch);
    expect((blogSwitch as HTMLInputElement).checked).toBe(true);
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/payment-kit/api/settings/set_blog');
    expect(put.body).toEqual({ active: true });

    const homeCard = await findCard('store/home');
    await user.click(within(homeCard).getByRole('switch', { name: 'Active' }));
    expect(
      await within(homeCard).findByText(
        'The change was not saved: You do not have access to this.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect((within(homeCard).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
  });

  it('saves edited presets by mount location with the whole settings, then closes', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const dialog = await openEditor(user);
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Buy us a coffee');

    await user.click(within(dialog).getByRole('button', { name: 'Remove 10' }));
    await user.type(within(dialog).getByLabelText('New amount'), '20{Enter}');
    await user.type(within(dialog).getByLabelText('New amount'), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add amount' }));
    const list = within(dialog).getByRole('list', { name: 'Preset amounts' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1', '5', '20', '2.5']);
    await user.selectOptions(within(dialog).getByLabelText('Preselected amount'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/payment-kit/api/settings/store%2Fhome');
    expect(put.body).toEqual({
      livemode: false,
      settings: {
        ...home.settings,
        amount: { ...home.settings.amount, presets: ['1', '5', '20', '2.5'], preset: '20' },
      },
    });
  });

  it('saves a blank preselection as the middle preset, which the widget preselects', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Remove 1' }));
    expect((within(dialog).getByLabelText('Preselected amount') as HTMLSelectElement).value).toBe('');
    await user.type(within(dialog).getByLabelText('New amount'), '50{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true), SLOW);
    const put = calls.find((call) => call.method === 'PUT')!;
    expect((put.body as { settings: Setting['settings'] }).settings.amount).toMatchObject({
      presets: ['5', '10', '50'],
      preset: '10',
    });
  });

  it('shows what the server refuses at its field, and the rest above the form', async () => {
    const user = userEvent.setup();
    renderPage({
      put: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Validate failed',
            details: [
              { path: 'settings.beneficiaries.0.address', message: 'Not a known DID' },
              {
                path: 'settings.amount.presets.1',
                message: 'Each preset must lie within minimum and maximum',
              },
              { path: 'settings', message: 'Settings are locked' },
            ],
          },
        },
      },
    });
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add beneficiary' }));
    const row = within(dialog).getByRole('group', { name: 'Beneficiary 1' });
    await user.type(within(row).getByLabelText('Name'), 'Ada');
    await user.type(within(row).getByLabelText('Address or DID'), 'did:abt:unknown');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(row).findByText('Not a known DID', {}, SLOW)).toBeTruthy();
    expect(within(row).getByLabelText('Address or DID').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Each preset must lie within the minimum and maximum')).toBeTruthy();
    const alert = within(dialog).getByRole('alert');
    expect(within(alert).getByText('The settings were not saved')).toBeTruthy();
    expect(within(alert).getByText(/settings: Settings are locked/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('checks the shares before saving: all given and adding up to 100, as the server does', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const dialog = await openEditor(user);
    for (const [index, [name, address, percent]] of [
      ['Ada', '0xada', '60'],
      ['Grace', '0xgrace', '30'],
    ].entries()) {
      await user.click(within(dialog).getByRole('button', { name: 'Add beneficiary' }));
      const row = within(dialog).getByRole('group', { name: `Beneficiary ${index + 1}` });
      await user.type(within(row).getByLabelText('Name'), name!);
      await user.type(within(row).getByLabelText('Address or DID'), address!);
      await user.type(within(row).getByLabelText('Share %'), percent!);
    }
    expect(within(dialog).getByText('Shares add up to 90%')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Shares must add up to 100%, not 90%', {}, SLOW)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    const grace = within(dialog).getByRole('group', { name: 'Beneficiary 2' });
    await user.clear(within(grace).getByLabelText('Share %'));
    await user.type(within(grace).getByLabelText('Share %'), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true), SLOW);
    const put = calls.find((call) => call.method === 'PUT')!;
    expect((put.body as { settings: Setting['settings'] }).settings.beneficiaries).toEqual([
      { name: 'Ada', address: '0xada', percent: 60, avatar: null, url: null },
      { name: 'Grace', address: '0xgrace', percent: 40, avatar: null, url: null },
    ]);
  });

  it("hands the form's current values to the preview slot", async () => {
    const user = userEvent.setup();
    const renderPreview = (settings: Setting['settings']) => (
      <p>
        Preview of {settings.title}: {settings.amount.presets.join(' · ')}, {settings.amount.preset} first
      </p>
    );
    renderPage({ props: { renderPreview } });
    const dialog = await openEditor(user);
    const preview = within(dialog).getByRole('complementary', { name: 'Preview' });
    expect(within(preview).getByText('Preview of Buy us a coffee: 1 · 5 · 10, 1 first')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Tip jar');
    await user.click(within(dialog).getByRole('button', { name: 'Remove 1' }));
    expect(within(preview).getByText('Preview of Tip jar: 5 · 10, 10 first')).toBeTruthy();
  });

  it('explains where settings come from when no app embeds the widget yet (zh)', async () => {
    renderPage({ list: { body: { list: [] } }, locale: 'zh' });
    expect(await screen.findByText('还没有打赏组件', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('应用嵌入打赏组件后，其设置会出现在这里。')).toBeTruthy();
  });

  it('says what stopped the list from loading, and reads it again on retry', async () => {
    const user = userEvent.setup();
    renderPage({
      list: [
        { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong' } } },
        { body: { list: [home] } },
      ],
    });
    expect(await screen.findByText('The donation settings could not be loaded', {}, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findCard('store/home')).toBeTruthy();
  });

  it('tells a member they have no access, without asking for the settings', async () => {
    const { calls } = renderPage({ user: MEMBER });
    expect(await screen.findByText('You do not have access to this.', {}, SLOW)).toBeTruthy();
    expect(calls.some((call) => call.url.pathname === LIST_PATH)).toBe(false);
  });

  it('asks a visitor to sign in', async () => {
    const user = userEvent.setup();
    const onRequireLogin = vi.fn();
    renderPage({ user: null, onRequireLogin });
    expect(await screen.findByText('Login to access this page', {}, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onRequireLogin).toHaveBeenCalledOnce();
  });
});
