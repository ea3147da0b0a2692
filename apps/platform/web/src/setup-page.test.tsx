import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../src/testing.ts';
import { fetchSessionUser, startEmailSignIn, verifyEmailCode } from './api.ts';
import { SetupPage } from './setup-page.tsx';
import { inShell } from '@bazaar/platform-shell/testing';

declare global {
  interface Window {
    happyDOM: { setURL(url: string): void };
  }
}

describe('setup page (live mode)', () => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await createTestPlatform('sqlite', { components: () => [], livemode: true, listen: true });
    window.happyDOM.setURL(`${platform.baseUrl}/.well-known/service/user/setup`);
  });
  afterEach(async () => {
    cleanup();
    await platform.close();
  });

  /** Signs in from the page's own origin, so the browser holds the session cookie. */
  async function signInInBrowser(email: string) {
    await startEmailSignIn(email, 'en');
    const code = platform.mailbox.at(-1)?.text.match(/\b\d{6}\b/)?.[0] ?? '';
    return verifyEmailCode(email, code);
  }

  it('sends a signed-out visitor to sign in and back', async () => {
    render(inShell(<SetupPage />));
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(
      '/.well-known/service/user/login?redirect=%2F.well-known%2Fservice%2Fuser%2Fsetup',
    );
    expect(screen.getByText('Sign in first, with the account that will own Bazaar.')).toBeTruthy();
  });

  it('makes the signed-in operator the owner with the printed code, after a wrong one', async () => {
    expect((await signInInBrowser('operator@example.com')).role).toBe('member');
    const user = userEvent.setup();
    render(inShell(<SetupPage />));
    expect(await screen.findByText('Signed in as operator@example.com.')).toBeTruthy();
    const field = screen.getByLabelText(/Setup code/);

    await user.type(field, 'not-the-code');
    await user.click(screen.getByRole('button', { name: 'Become owner' }));
    await screen.findByText(
      'That code is not right. Use the code printed by the latest start of the server.',
    );

    await user.clear(field);
    await user.type(field, platform.setupCode ?? '');
    await user.click(screen.getByRole('button', { name: 'Become owner' }));
    await screen.findByText('You now own Bazaar.');
    expect((await fetchSessionUser())?.role).toBe('owner');
  });

  it('speaks Chinese', async () => {
    await signInInBrowser('operator@example.com');
    const user = userEvent.setup();
    render(inShell(<SetupPage />, { locale: 'zh' }));
    expect(screen.getByRole('heading', { name: '设置 Bazaar' })).toBeTruthy();
    await user.type(await screen.findByLabelText(/设置码/), 'wrong');
    await user.click(screen.getByRole('button', { name: '成为所有者' }));
    await screen.findByText('设置码不正确。请使用服务器最近一次启动时打印的设置码。');
  });
});
