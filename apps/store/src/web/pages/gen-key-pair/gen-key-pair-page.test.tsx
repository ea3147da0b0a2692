import { parseAppKeyFile, publicKeyFromDid } from '@bazaar/bundle/browser';
import { inShell } from '@bazaar/platform-shell/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GenKeyPairPage } from './gen-key-pair-page.tsx';

/** Every request the page makes; the shell reads the session, and nothing else may go out. */
const requests: string[] = [];
const files = new Map<string, Blob>();

beforeAll(() => {
  window.fetch = (async (input: RequestInfo | URL) => {
    requests.push(String(input));
    return new Response(JSON.stringify({ user: null }), { status: 200 });
  }) as typeof fetch;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${files.size}`;
    files.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void files.delete(url);
});
afterEach(cleanup);

describe('/gen-key-pair', () => {
  it('makes a key pair in the page and offers its file, sending nothing', async () => {
    const user = userEvent.setup();
    render(inShell(<GenKeyPairPage />));
    await user.click(screen.getByRole('button', { name: 'Generate key pair' }));

    const did = screen.getByText(/^did:key:z6Mk/).textContent ?? '';
    expect(publicKeyFromDid(did)).toHaveLength(32);
    const download = screen.getByRole('link', { name: 'Download key file' });
    expect(download.getAttribute('download')).toBe('app-key.json');
    const file = files.get(download.getAttribute('href') ?? '');
    const key = parseAppKeyFile(await file!.text());
    expect(key.did).toBe(did);
    expect(requests.filter((url) => !url.endsWith('/session'))).toEqual([]);

    // Another key replaces the first, whose file is no longer offered.
    await user.click(screen.getByRole('button', { name: 'Generate another' }));
    expect(screen.getByText(/^did:key:z6Mk/).textContent).not.toBe(did);
    expect(files.size).toBe(1);
  });

  it('speaks Chinese', async () => {
    render(inShell(<GenKeyPairPage />, { locale: 'zh' }));
    expect(await screen.findByRole('heading', { name: '生成应用 DID' })).toBeTruthy();
  });
});
