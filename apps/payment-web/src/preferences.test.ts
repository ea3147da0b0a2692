import { describe, expect, it } from 'vitest';
import { localeCookie, pickAuthToken, pickLivemode, pickLocale } from './preferences.ts';

describe('pickLocale', () => {
  it.each([
    [{ search: '?locale=zh', cookie: 'nf_lang=en', navigatorLanguage: 'en-US' }, 'zh'],
    [{ search: '?locale=tw', cookie: '', navigatorLanguage: 'en-US' }, 'zh'],
    [{ search: '', cookie: 'a=1; nf_lang=zh', navigatorLanguage: 'en-US' }, 'zh'],
    [{ search: '', cookie: '', navigatorLanguage: 'zh-CN' }, 'zh'],
    [{ search: '', cookie: '', navigatorLanguage: 'fr-FR' }, 'en'],
    [{ search: '', cookie: '', navigatorLanguage: undefined }, 'en'],
  ])('%o → %s', (sources, locale) => {
    expect(pickLocale(sources)).toBe(locale);
  });
});

describe('pickLivemode', () => {
  it.each([
    ['?livemode=false', 'true', true, false],
    ['?livemode=true', 'false', false, true],
    ['', 'false', true, false],
    ['', null, true, true],
    ['', null, false, false],
  ] as const)(
    '%s with stored %s on a platform live=%s → %s',
    (search, stored, platformLivemode, livemode) => {
      expect(pickLivemode(search, stored, platformLivemode)).toBe(livemode);
    },
  );
});

describe('pickAuthToken', () => {
  it.each([
    ['?authToken=tok_1&ref=x', 'tok_1'],
    ['?authToken=', null],
    ['?ref=x', null],
  ])('%s → %s', (search, token) => {
    expect(pickAuthToken(search)).toBe(token);
  });
});

describe('localeCookie', () => {
  it('keeps a language for a year, read back when a later page has no ?locale=', () => {
    const cookie = localeCookie('zh');
    expect(cookie).toContain('max-age=31536000');
    const stored = cookie.split(';')[0]!;
    expect(pickLocale({ search: '', cookie: stored, navigatorLanguage: 'en-US' })).toBe('zh');
  });
});
