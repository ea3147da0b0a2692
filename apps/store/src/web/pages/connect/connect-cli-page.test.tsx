import { inShell } from '@bazaar/platform-shell/testing';
import type { CliConnectInfo, SessionUser } from '@bazaar/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectCliPage } from './connect-cli-page.tsx';

const USER = '/.well-known/service/user';
const SESSION_ID = 'ccs_AbCdEfGhIjKlMnOpQrStUvWx';

const ann: SessionUser = {
  did: 'did:bazaar:usr_ann',
  fullName: 'Ann',
  email: 'ann@example.com',
  walletAddress: null,
  avatar: `${USER}/avatar/did:bazaar:usr_ann`,
  role: 'member',
  passports: [{ role: 'member', name: 'member' }],
};

const developer = {
  did: ann.did,
  username: 'Ann',
  developerSince: 1_700_000_000,
  status: 'enabled' as const,
  revokedReason: null,
  revokedAt: null,
};

const pendingSession: CliConnectInfo = {
  id: SESSION_ID,
  client: 'cli',
  hostname: 'ann-laptop',
  verificationCode: 'K7QM-3XWD',
  status: 'pending',
  createdAt: 1_800_000_000,
  expiresAt: 1_800_000_600,
  developer,
};

type Answer = { status: number; body: unknown };
const invalid: Answer = {
  status: 410,
  body: { error: { code: 'CONNECT_SESSION_INVALID', message: 'Invalid Session' } },
};

/** What the Store answers, per test; every request the page makes is recorded. */
let signedIn: SessionUser | null;
let session: Answer;
let decision: Answer | null;
let permissionMode: 'invitation' | 'staking';
const requests: string[] = [];

function answer(method: string, path: string): Answer {
  if (path === `${USER}/session`) return { status: 200, body: { user: signedIn } };
  if (path === '/api/store.json') {
    return {
      status: 200,
      body: {
        did: 'z2',
        name: 'Bazaar',
        version: '0.1.0',
        permissionMode,
        maxBundleSize: 1,
        stakeAmount: '1',
        stakeCurrency: 'ABT',
      },
    };
  }
  if (method === 'GET' && path === `/api/cli/connect/${SESSION_ID}/info`) return session;
  if (method === 'POST' && path.startsWith(`/api/cli/connect/${SESSION_ID}/`)) {
    const decided = path.endsWith('/approve') ? 'approve' : 'deny';
    return (
      decision ?? {
        status: 200,
        body:
          decided === 'approve'
            ? { status: 'approved', tokenName: 'CLI on ann-laptop' }
            : { status: 'denied', tokenName: null },
      }
    );
  }
  return { status: 404, body: { error: { code: 'NOT_FOUND', message: path } } };
}

beforeAll(() => {
  window.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(String(input), 'http://localhost').pathname;
    requests.push(`${method} ${path}`);
    const { status, body } = answer(method, path);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});
beforeEach(() => {
  signedIn = ann;
  session = { status: 200, body: pendingSession };
  decision = null;
  permissionMode = 'invitation';
  requests.length = 0;
});
afterEach(cleanup);

function renderPage({
  url = `/connect-cli?session=${SESSION_ID}`,
  locale = 'en',
}: { url?: string; locale?: 'en' | 'zh' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    inShell(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="connect-cli" element={<ConnectCliPage />} />
            <Route path="connect-studio" element={<ConnectCliPage client="studio" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
      { locale },
    ),
  );
}

describe('ConnectCliPage', () => {
  it('shows the client, computer and code, and approves: back to the terminal', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Connect the CLI' })).toBeTruthy();
    expect(await screen.findByText('ann-laptop')).toBeTruthy();
    expect(screen.getByText('bazaar CLI')).toBeTruthy();
    expect(screen.getByLabelText('Verification code').textContent).toBe('K7QM-3XWD');
    expect(screen.getByText('Approve only if you just ran the connect command yourself.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Connected')).toBeTruthy();
    expect(screen.getByText('You can go back to your terminal.')).toBeTruthy();
    expect(screen.getByText('The access token “CLI on ann-laptop” was created for it.')).toBeTruthy();
    expect(requests).toContain(`POST /api/cli/connect/${SESSION_ID}/approve`);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('denies', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Connection denied')).toBeTruthy();
    expect(requests).toContain(`POST /api/cli/connect/${SESSION_ID}/deny`);
    expect(requests).not.toContain(`POST /api/cli/connect/${SESSION_ID}/approve`);
  });

  it('says "Invalid Session" for an unknown, expired or spent session, and without one', async () => {
    session = invalid;
    renderPage();
    expect(await screen.findByText('Invalid Session')).toBeTruthy();
    expect(screen.getByText(/Use the connect command again/)).toBeTruthy();
    cleanup();

    requests.length = 0;
    renderPage({ url: '/connect-cli' });
    expect(await screen.findByText('Invalid Session')).toBeTruthy();
    cleanup();
    renderPage({ url: '/connect-cli?session=../../developer/me' });
    expect(await screen.findByText('Invalid Session')).toBeTruthy();
    expect(requests.filter((request) => request.includes('/cli/connect/'))).toEqual([]);
  });

  it('says "Invalid Session" when the session expires before the approval reaches the store', async () => {
    const user = userEvent.setup();
    decision = invalid;
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Invalid Session')).toBeTruthy();
  });

  it('tells a signed-in user who is not a developer how to become one, and offers no approval', async () => {
    session = { status: 200, body: { ...pendingSession, developer: null } };
    renderPage();
    expect(await screen.findByText(/^You have no valid Developer NFT/)).toBeTruthy();
    expect(screen.getByText(/ask its admin for one/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    cleanup();

    permissionMode = 'staking';
    renderPage();
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/join$/),
    );
  });

  it('tells a revoked developer they cannot connect', async () => {
    session = {
      status: 200,
      body: { ...pendingSession, developer: { ...developer, status: 'revoked', revokedReason: 'Spam' } },
    };
    renderPage();
    expect(await screen.findByText('Your developer status was revoked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('asks a signed-out visitor to sign in, coming back to this page', async () => {
    signedIn = null;
    renderPage();
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toMatch(/^\/\.well-known\/service\/user\/login\?redirect=/);
    expect(requests.filter((request) => request.includes('/cli/connect/'))).toEqual([]);
  });

  it('says "Failed to connect to store" when the store cannot answer, and tries again', async () => {
    session = { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } };
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Failed to connect to store')).toBeTruthy();
    session = { status: 200, body: pendingSession };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ann-laptop')).toBeTruthy();
  });

  it('is the studio’s page at /connect-studio', async () => {
    session = { status: 200, body: { ...pendingSession, client: 'studio', hostname: null } };
    renderPage({ url: `/connect-studio?session=${SESSION_ID}` });
    expect(await screen.findByRole('heading', { name: 'Connect the studio' })).toBeTruthy();
    expect(await screen.findByText('Studio')).toBeTruthy();
    expect(screen.getByText('Not given')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    renderPage({ locale: 'zh' });
    expect(await screen.findByRole('heading', { name: '连接命令行工具' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '批准' })).toBeTruthy();
    expect(screen.getByText('请确认终端里显示的是同一个验证码。')).toBeTruthy();
  });
});
