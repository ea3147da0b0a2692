import { COMPONENT_IDS, type SessionUser } from '@bazaar/schemas';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isFramed } from './consent.ts';
import { PlatformHeader } from './platform-header.tsx';
import { RequireSignIn } from './require-sign-in.tsx';
import { inShell, testRegistry } from './testing.tsx';
import { usePageViews } from './use-page-views.ts';

declare global {
  interface Window {
    happyDOM: { setURL(url: string): void };
  }
}

const registry = testRegistry({
  components: [
    { did: COMPONENT_IDS.store, name: 'Store', mountPoint: '/' },
    { did: COMPONENT_IDS.paymentKit, name: 'Payment Kit', mountPoint: '/payment-kit' },
  ],
});

const ann: SessionUser = {
  did: 'did:pkh:eip155:1:0xabc',
  fullName: 'Ann Lee',
  email: 'ann@example.com',
  walletAddress: null,
  avatar: '/.well-known/service/user/avatar/did:pkh:eip155:1:0xabc',
  role: 'member',
  passports: [{ role: 'member', name: 'member' }],
};

/**
 * The shell wraps `window.fetch` once per window to count requests, so the test installs one
 * fetch for the whole file and changes only what it answers.
 */
let answer: (url: string, init?: RequestInit) => Promise<Response>;
const requests: Array<{ url: string; method: string }> = [];
const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
function signedIn(user: SessionUser | null) {
  answer = (url) =>
    url.endsWith('/session') ? json({ user }) : Promise.resolve(new Response(null, { status: 204 }));
}

beforeAll(() => {
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({ url, method: init?.method ?? 'GET' });
    return answer(url, init);
  }) as typeof fetch;
});

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  window.happyDOM.setURL('http://localhost:3000/payment-kit/customer?tab=invoices');
  requests.length = 0;
  signedIn(null);
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  delete window.bazaarAnalytics;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the header', () => {
  it('offers a visitor to sign in and come back to the very address', async () => {
    render(inShell(<PlatformHeader />, { registry }));
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(
      '/.well-known/service/user/login?redirect=%2Fpayment-kit%2Fcustomer%3Ftab%3Dinvoices',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Apps' }).getAttribute('href')).toBe('/');
    const billing = within(nav).getByRole('link', { name: 'Billing' });
    expect(billing.getAttribute('href')).toBe('/payment-kit/customer');
    expect(billing.getAttribute('aria-current')).toBe('page');
  });

  it('switches the language for the whole site', async () => {
    const user = userEvent.setup();
    render(inShell(<PlatformHeader />, { registry }));
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(screen.getByRole('menuitem', { name: '中文' }));
    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy();
    expect(document.cookie).toContain('nf_lang=zh');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('gives a signed-in person their menu: profile, billing, apps, language and logging out', async () => {
    signedIn(ann);
    const user = userEvent.setup();
    render(inShell(<PlatformHeader />, { registry }));
    await user.click(await screen.findByRole('button', { name: 'Account of Ann Lee' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('ann@example.com')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Billing' }).getAttribute('href')).toBe(
      '/payment-kit/customer',
    );
    expect(within(menu).getByRole('menuitem', { name: 'My apps' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Store console' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'English' })).toBeTruthy();

    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(requests).toContainEqual({ url: '/.well-known/service/user/logout', method: 'POST' });
  });

  it('shows the Store console to the platform’s admins only', async () => {
    signedIn({ ...ann, role: 'admin', passports: [{ role: 'admin', name: 'admin' }] });
    const user = userEvent.setup();
    render(inShell(<PlatformHeader />, { registry }));
    await user.click(await screen.findByRole('button', { name: 'Account of Ann Lee' }));
    expect(screen.getByRole('menuitem', { name: 'Store console' }).getAttribute('href')).toBe(
      '/console/apps',
    );
  });

  it('lets the app route its own links without a reload', async () => {
    signedIn(ann);
    const navigate = vi.fn((href: string) => href === '/profile');
    const user = userEvent.setup();
    render(inShell(<PlatformHeader navigate={navigate} />, { registry }));
    await user.click(await screen.findByRole('button', { name: 'Account of Ann Lee' }));
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(navigate).toHaveBeenCalledWith('/profile');
    expect(window.location.pathname).toBe('/payment-kit/customer');
  });
});

describe('the sign-in guard', () => {
  it('sends a visitor to sign in and back, saying why', async () => {
    render(inShell(<RequireSignIn>secret page</RequireSignIn>, { registry }));
    expect(await screen.findByText('Login to access this page')).toBeTruthy();
    expect(screen.queryByText('secret page')).toBeNull();
    expect(assign).toHaveBeenCalledWith(
      '/.well-known/service/user/login?redirect=%2Fpayment-kit%2Fcustomer%3Ftab%3Dinvoices',
    );
  });

  it('shows the page to someone signed in', async () => {
    signedIn(ann);
    render(inShell(<RequireSignIn>secret page</RequireSignIn>, { registry }));
    expect(await screen.findByText('secret page')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});

function PageViews({ path }: { path: string }) {
  usePageViews(path);
  return null;
}

describe('cookie consent and analytics', () => {
  const analyticsScript = () =>
    document.head.querySelector('script[src="/.well-known/service/analytics/script.js"]');

  it('asks until the person accepts, then loads analytics and counts the page', async () => {
    const user = userEvent.setup();
    render(inShell(<PageViews path="/payment-kit/customer" />, { registry, consent: null }));
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    expect(analyticsScript()).toBeNull();
    expect(window.bazaarAnalytics).toBeUndefined();

    await user.click(within(banner).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(document.cookie).toContain('bazaar_cookie_consent=accepted');
    expect(analyticsScript()).not.toBeNull();
    expect(window.bazaarAnalytics).toEqual([['pageview', '/payment-kit/customer']]);
  });

  it('remembers a decline and never loads analytics', async () => {
    const user = userEvent.setup();
    render(inShell(<PageViews path="/" />, { registry, consent: null }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(document.cookie).toContain('bazaar_cookie_consent=declined');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(analyticsScript()).toBeNull();
    expect(window.bazaarAnalytics).toBeUndefined();
  });

  it('does not ask again once a choice is stored', () => {
    render(inShell(<PageViews path="/" />, { registry, consent: 'accepted' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(analyticsScript()).not.toBeNull();
  });

  it('counts a frame as framed, a cross-origin parent included', () => {
    const top = {} as Window;
    expect(isFramed({ self: top, top } as unknown as Window)).toBe(false);
    expect(isFramed({ self: {}, top } as unknown as Window)).toBe(true);
    const crossOrigin = Object.defineProperty({ self: {} }, 'top', {
      get() {
        throw new Error('SecurityError');
      },
    });
    expect(isFramed(crossOrigin as unknown as Window)).toBe(true);
  });
});

describe('the request progress bar', () => {
  it('appears only once a request has taken half a second, and goes when it ends', async () => {
    signedIn(ann);
    render(inShell(<PlatformHeader />, { registry }));
    await screen.findByRole('button', { name: 'Account of Ann Lee' });

    vi.useFakeTimers();
    let finish!: () => void;
    answer = () => new Promise((resolve) => (finish = () => resolve(new Response(null, { status: 204 }))));
    let request!: Promise<Response>;
    act(() => {
      request = window.fetch('/slow');
    });
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    await act(async () => {
      finish();
      await request;
    });
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
  });
});
