import { ClassNames, Global } from '@emotion/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NonceStyleProvider, readPageNonce } from './nonce-style-provider.tsx';

function givePageNonce(nonce: string) {
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'csp-nonce');
  meta.setAttribute('nonce', nonce);
  document.head.append(meta);
}

function StyledThings() {
  return (
    <>
      {/* MUI's CssBaseline is a Global; its components go through the cache like this class. */}
      <Global styles={{ body: { margin: 0 } }} />
      <ClassNames>{({ css }) => <p className={css({ color: 'rebeccapurple' })}>styled</p>}</ClassNames>
    </>
  );
}

describe('NonceStyleProvider', () => {
  afterEach(() => {
    cleanup();
    document.head.replaceChildren();
  });

  it('reads the nonce the platform wrote into the page', () => {
    expect(readPageNonce()).toBeUndefined();
    givePageNonce('cGFnZS1ub25jZQ==');
    expect(readPageNonce()).toBe('cGFnZS1ub25jZQ==');
  });

  it('gives every style tag emotion inserts the page’s nonce, so the page’s policy applies them', () => {
    givePageNonce('cGFnZS1ub25jZQ==');
    render(
      <NonceStyleProvider>
        <StyledThings />
      </NonceStyleProvider>,
    );
    const styles = [...document.head.querySelectorAll('style[data-emotion]')];
    expect(styles.length).toBeGreaterThanOrEqual(2);
    for (const style of styles) expect(style.getAttribute('nonce')).toBe('cGFnZS1ub25jZQ==');
    expect(styles.map((style) => style.getAttribute('data-emotion'))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^css-global/),
        expect.stringMatching(/^css(?!-global)/),
      ]),
    );
  });
});
