import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { donateSettingsSchema, type SessionUser } from '@bazaar/schemas';
import { makeSetting, makeSupporters } from '../test-utils/donate-builders.ts';
import { installFakeRelay } from '../test-utils/fake-relay.ts';
import type { StubRequest, StubRoute } from '../test-utils/fetch-stub.ts';
import { renderWithPayment, SIGNED_IN_USER } from '../test-utils/render-checkout.tsx';
import { DonateButton, type DonateButtonProps, type DonateRender } from './donate-button.tsx';

// The checkout inside the dialog has its own tests; here it only needs to report a payment.
vi.mock('../checkout/checkout-form.tsx', () => ({
  CheckoutForm: (props: { id: string; onPaid?: (checkout: unknown) => void }) => (
    <button type="button" onClick={() => props.onPaid?.({ checkoutSession: { id: 'cs_1' } })}>
      Pay {props.id}
    </button>
  ),
}));

const SLOW = { timeout: 4_000 };
const API = '/payment-kit/api';
const OWNER: SessionUser = {
  ...SIGNED_IN_USER,
  role: 'owner',
  passports: [{ role: 'owner', name: 'Owner' }],
};

/** An IntersectionObserver the test moves into view by hand. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit;
  isConnected = true;
  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.options = options;
    FakeIntersectionObserver.instances.push(this);
  }
  observe() {}
  disconnect() {
    this.isConnected = false;
  }
  comeIntoView() {
    this.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

function routes(options: { setting?: ReturnType<typeof makeSetting>; donationStatus?: number } = {}) {
  const setting = options.setting ?? makeSetting();
  return [
    { method: 'POST', path: `${API}/settings`, respond: { body: setting } },
    {
      method: 'PUT',
      path: `${API}/settings/${setting.id}`,
      respond: { body: { ...setting, active: true } },
    },
    {
      method: 'POST',
      path: `${API}/donations`,
      respond:
        options.donationStatus === undefined
          ? { body: { target: 'did:app:1', payment_link_id: 'plink_tips', livemode: false } }
          : { status: options.donationStatus, body: { error: { code: 'INTERNAL', message: 'boom' } } },
    },
    { method: 'GET', path: `${API}/donations`, respond: { body: makeSupporters() } },
  ] satisfies StubRoute[];
}

function renderDonate(
  props: Partial<DonateButtonProps> = {},
  options: { routes?: StubRoute[]; user?: SessionUser | null; appId?: string } = {},
) {
  return renderWithPayment(
    <DonateButton mountLocation="store/home" target="did:app:1" componentDid="did:bazaar:store" {...props} />,
    { routes: options.routes ?? routes(), user: options.user ?? null, appId: options.appId ?? null },
  );
}

/** Waits for the widget to watch its place on the page, then scrolls it into view. */
async function comeIntoView() {
  await waitFor(() => expect(FakeIntersectionObserver.instances).toHaveLength(1), SLOW);
  FakeIntersectionObserver.instances[0]!.comeIntoView();
}

const callsTo = (calls: StubRequest[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.url.pathname === `${API}${path}`);

beforeEach(() => {
  window.localStorage.clear();
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('DonateButton, default mode', () => {
  it('asks for the donation only once it comes near view, 300 ms later', async () => {
    const { calls } = renderDonate();
    await screen.findByRole('button', { name: 'Donate' }, SLOW);
    const [observer] = FakeIntersectionObserver.instances;
    // happy-dom's window is 768 px high: half of it is more than the 300 px cap.
    expect(observer!.options.rootMargin).toBe('300px');
    expect(callsTo(calls, 'POST', '/donations')).toHaveLength(0);

    observer!.comeIntoView();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(callsTo(calls, 'POST', '/donations')).toHaveLength(0);
    await waitFor(() => expect(callsTo(calls, 'GET', '/donations')).toHaveLength(1), SLOW);
    expect(callsTo(calls, 'POST', '/donations')[0]!.body).toEqual({
      target: 'did:app:1',
      description: '',
      mountLocation: 'store/home',
    });
    expect(callsTo(calls, 'POST', '/settings')[0]!.body).toMatchObject({
      type: 'donate',
      mountLocation: 'store/home',
      componentDid: 'did:bazaar:store',
      livemode: false,
    });
  });

  it('shows the supporters as faces with the totals, and lists them as each chose to appear', async () => {
    renderDonate();
    await comeIntoView();
    const headline = await screen.findByText('3 supporters · $16.00 in total', {}, SLOW);
    await userEvent.click(headline);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Ada Lovelace$10.00'),
      expect.stringContaining('Grace HopperAmount hidden'),
      expect.stringContaining('Anonymous$1.00'),
    ]);
    // Only supporters who show their DID get an avatar address.
    const images = [...document.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(images.every((src) => src?.includes('/.well-known/service/user/avatar/did'))).toBe(true);
    expect(images.filter((src) => src?.includes('0xada')).length).toBeGreaterThan(0);
  });

  it("links the viewer's own row to their invoice", async () => {
    const own = makeSupporters();
    own.supporters[0] = { ...own.supporters[0]!, invoice_id: 'in_own' };
    const settings = donateSettingsSchema.parse({ appearance: { history: { variant: 'table' } } });
    renderDonate(
      {},
      {
        routes: [
          { method: 'GET', path: `${API}/donations`, respond: { body: own } },
          ...routes({ setting: makeSetting({ settings }) }),
        ],
      },
    );
    await comeIntoView();
    const link = await screen.findByRole('link', { name: '$10.00' }, SLOW);
    expect(link.getAttribute('href')).toBe('http://shop.test/payment-kit/customer/invoice/in_own');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('shows a table with the total and count when the setting asks for one', async () => {
    const settings = donateSettingsSchema.parse({ appearance: { history: { variant: 'table' } } });
    renderDonate({}, { routes: routes({ setting: makeSetting({ settings }) }) });
    await comeIntoView();
    expect(await screen.findByRole('table', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('3 supporters · $16.00 in total')).toBeTruthy();
  });

  it('renders nothing when the donation cannot be loaded', async () => {
    renderDonate({}, { routes: routes({ donationStatus: 500 }) });
    await screen.findByRole('button', { name: 'Donate' }, SLOW);
    await comeIntoView();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Donate' })).toBeNull(), SLOW);
  });

  it('only logs a failed supporters load and keeps the button', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing: StubRoute = {
      method: 'GET',
      path: `${API}/donations`,
      respond: { status: 500, body: { error: { code: 'INTERNAL', message: 'down' } } },
    };
    renderDonate({}, { routes: [failing, ...routes()] });
    await comeIntoView();
    await waitFor(
      () => expect(logged).toHaveBeenCalledWith('Could not load the supporters', expect.anything()),
      SLOW,
    );
    expect(screen.getByRole('button', { name: 'Donate' })).toBeTruthy();
    logged.mockRestore();
  });

  it('rereads the supporters when its own link hears a donation, and not for another link', async () => {
    const relay = installFakeRelay();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { calls } = renderDonate({}, { appId: 'app_1' });
    await comeIntoView();
    await screen.findByText('3 supporters · $16.00 in total', {}, SLOW);
    await waitFor(() => expect(relay.openCount).toBe(1), SLOW);
    relay.deliver({ type: 'donation.updated', data: { id: 'plink_other' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(calls, 'GET', '/donations')).toHaveLength(1);
    relay.deliver({ type: 'donation.updated', data: { id: 'plink_tips' } });
    await waitFor(() => expect(callsTo(calls, 'GET', '/donations')).toHaveLength(2), SLOW);
  });
});

describe('DonateButton dialog', () => {
  it('opens 680 px wide with the test-mode badge; Escape does not close it, Cancel does', async () => {
    renderDonate();
    await userEvent.click(await screen.findByRole('button', { name: 'Donate' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(getComputedStyle(dialog).width).toBe('680px');
    expect(within(dialog).getByText('Test mode')).toBeTruthy();
    expect(await within(dialog).findByRole('button', { name: 'Pay plink_tips' }, SLOW)).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
  });

  it('after payment calls back, rereads the supporters and closes after the timeout', async () => {
    const onPaid = vi.fn();
    const { calls } = renderDonate({ onPaid, timeout: 200 });
    await userEvent.click(await screen.findByRole('button', { name: 'Donate' }, SLOW));
    const pay = await screen.findByRole('button', { name: 'Pay plink_tips' }, SLOW);
    const readsBefore = callsTo(calls, 'GET', '/donations').length;
    await userEvent.click(pay);
    expect(onPaid).toHaveBeenCalledTimes(1);
    await waitFor(
      () => expect(callsTo(calls, 'GET', '/donations').length).toBeGreaterThan(readsBefore),
      SLOW,
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
  });
});

describe('DonateButton, inline and custom modes', () => {
  it('inline: a Tip button that loads on click and shows the summary in a popover', async () => {
    const { calls } = renderDonate({ mode: 'inline' });
    const tip = await screen.findByRole('button', { name: 'Tip' }, SLOW);
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo(calls, 'POST', '/donations')).toHaveLength(0);
    await userEvent.click(tip);
    const popover = await screen.findByRole('presentation');
    expect(await within(popover).findByText('3 supporters · $16.00 in total', {}, SLOW)).toBeTruthy();
    await userEvent.click(within(popover).getByRole('button', { name: 'Tip' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('custom: the render function gets open, the total, the supporters, loading and the settings', async () => {
    const render = vi.fn<DonateRender>((open, total, supporters, loading) => (
      <button type="button" onClick={open}>
        {loading ? 'loading' : `Give (${total}, ${supporters.length})`}
      </button>
    ));
    renderDonate({ mode: 'custom', render });
    await screen.findByRole('button', { name: 'loading' }, SLOW);
    await comeIntoView();
    await userEvent.click(await screen.findByRole('button', { name: 'Give ($16.00, 3)' }, SLOW));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(render.mock.lastCall?.[4]).toMatchObject({ amount: { presets: ['1', '5', '10'] } });
  });

  it('custom without a render function asks for one', async () => {
    renderDonate({ mode: 'custom' });
    expect(await screen.findByText('Please provide a valid render function', {}, SLOW)).toBeTruthy();
  });
});

describe('DonateButton for owners', () => {
  it('an inactive setting shows a visitor nothing and an owner the switch that turns it on', async () => {
    const inactive = routes({ setting: makeSetting({ active: false }) });
    const visitor = renderDonate({}, { routes: inactive });
    await waitFor(() => expect(callsTo(visitor.calls, 'POST', '/settings')).toHaveLength(1), SLOW);
    expect(visitor.container.textContent).toBe('');
    visitor.unmount();
    window.localStorage.clear();

    const { calls } = renderDonate({}, { routes: inactive, user: OWNER });
    await userEvent.click(await screen.findByRole('button', { name: 'Enable donations' }, SLOW));
    expect(callsTo(calls, 'PUT', '/settings/set_test_1')[0]!.body).toEqual({ active: true });
    expect(await screen.findByRole('button', { name: 'Donate' }, SLOW)).toBeTruthy();
  });

  it('an owner sees the settings icon leading to the integrations page', async () => {
    renderDonate({}, { user: OWNER });
    const link = await screen.findByRole('link', { name: 'Donation settings' }, SLOW);
    expect(link.getAttribute('href')).toBe('http://shop.test/payment-kit/integrations/donations');
  });

  it('reads the setting from this browser for an hour, then asks again', async () => {
    const first = renderDonate();
    await screen.findByRole('button', { name: 'Donate' }, SLOW);
    first.unmount();
    const second = renderDonate();
    await screen.findByRole('button', { name: 'Donate' }, SLOW);
    expect(callsTo(second.calls, 'POST', '/settings')).toHaveLength(0);
    second.unmount();

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 60 * 60 * 1000);
    const third = renderDonate();
    await screen.findByRole('button', { name: 'Donate' }, SLOW);
    expect(callsTo(third.calls, 'POST', '/settings')).toHaveLength(1);
    vi.restoreAllMocks();
  });
});
