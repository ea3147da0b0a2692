import type { SessionUser } from '@bazaar/schemas';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformLimits } from '../../src/limits.ts';
import { createTestPlatform, type TestPlatform } from '../../src/testing.ts';
import { LoginPage } from './login-page.tsx';
import { inShell } from '@bazaar/platform-shell/testing';

declare global {
  interface Window {
    happyDOM: { setURL(url: string): void };
  }
}

/** A platform for the page to talk to, listening, with `limits` over the test defaults. */
async function openPlatform(limits: Partial<PlatformLimits> = {}): Promise<TestPlatform> {
  const platform = await createTestPlatform('sqlite', { components: () => [], limits });
  const origin = await platform.app.listen({ host: '127.0.0.1', port: 0 });
  window.happyDOM.setURL(`${origin}/.well-known/service/user/login`);
  return platform;
}

function renderPage(locale: 'en' | 'zh' = 'en') {
  const onSignedIn = vi.fn<(user: SessionUser) => void>();
  render(inShell(<LoginPage walletProvider={undefined} onSignedIn={onSignedIn} />, { locale }));
  return { onSignedIn, user: userEvent.setup() };
}

/**
 * Asks for a code for ann@example.com, signs in with a wrong code (told so), then with the code
 * from the mailbox; what the page says next is the test's to check.
 */
async function sendCodeThenTryWrongAndRight(
  user: ReturnType<typeof renderPage>['user'],
  platform: TestPlatform,
) {
  await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByText('We sent a 6-digit code to ann@example.com.');

  const code = platform.mailbox.at(-1)?.text.match(/\b\d{6}\b/)?.[0] ?? '';
  const codeField = screen.getByLabelText(/Code/);
  await user.type(codeField, code === '000000' ? '000001' : '000000');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByText('That did not work. Check the code and try again.');

  await user.clear(codeField);
  await user.type(codeField, code);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await openPlatform();
  });
  afterEach(async () => {
    cleanup();
    await platform.close();
  });

  it('signs in with the emailed code after one wrong try', async () => {
    const { onSignedIn, user } = renderPage();
    expect(screen.getByRole('heading', { name: 'Sign in to Bazaar' })).toBeTruthy();
    await sendCodeThenTryWrongAndRight(user, platform);
    await screen.findByText('Signed in. Taking you back…');
    expect(onSignedIn).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ann@example.com', role: 'owner' }),
    );
  });

  it('speaks Chinese, switches language, and explains a missing wallet', async () => {
    const { user } = renderPage('zh');
    expect(screen.getByRole('heading', { name: '登录 Bazaar' })).toBeTruthy();
    expect(screen.getByText(/此浏览器中没有找到钱包/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '语言: 中文' }));
    await user.click(screen.getByRole('menuitem', { name: 'English' }));
    expect(screen.getByRole('heading', { name: 'Sign in to Bazaar' })).toBeTruthy();
    expect(document.cookie).toContain('nf_lang=en');
  });

  it('tells the person to wait before asking for another code', async () => {
    const { user } = renderPage();
    await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(screen.getByText(/Wait 30 seconds/)).toBeTruthy());
  });
});

describe('login page under the email-code limits', () => {
  let platform: TestPlatform;

  beforeEach(async () => {
    platform = await openPlatform({ emailCodeAttemptsPerWindow: 1, emailCodesPerIpPerDay: 1 });
  });
  afterEach(async () => {
    cleanup();
    await platform.close();
  });

  it('says the email is locked after too many codes, even when the right one follows', async () => {
    const { onSignedIn, user } = renderPage();
    await sendCodeThenTryWrongAndRight(user, platform);
    await screen.findByText(
      'Too many codes were tried for this email. Try again later, or sign in with a wallet.',
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says, in Chinese too, when no more codes go out today', async () => {
    const { user } = renderPage('zh');
    await user.type(screen.getByLabelText(/邮箱/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: '发送验证码' }));
    await user.click(await screen.findByRole('button', { name: '使用其他邮箱' }));
    await user.clear(screen.getByLabelText(/邮箱/));
    await user.type(screen.getByLabelText(/邮箱/), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: '发送验证码' }));
    await screen.findByText('今天请求的验证码过多，请明天再试，或使用钱包登录。');
  });
});
