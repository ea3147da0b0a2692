import { describe, expect, it } from 'vitest';
import { localeCookie, pickLocale } from './locale.ts';

describe('pickLocale', () => {
  const none = { search: '', cookie: '', navigatorLanguage: undefined };

  it('takes ?locale= first, then the cookie, then the browser, then English', () => {
    expect(pickLocale({ search: '?locale=zh', cookie: 'nf_lang=en', navigatorLanguage: 'en-US' })).toBe('zh');
    expect(pickLocale({ ...none, cookie: 'a=1; nf_lang=zh', navigatorLanguage: 'en-US' })).toBe('zh');
    expect(pickLocale({ ...none, navigatorLanguage: 'zh-TW' })).toBe('zh');
    expect(pickLocale({ ...none, navigatorLanguage: 'fr-FR' })).toBe('en');
    expect(pickLocale(none)).toBe('en');
  });

  it('reads tw as Chinese and ignores an empty ?locale=', () => {
    expect(pickLocale({ ...none, search: '?locale=tw' })).toBe('zh');
    expect(pickLocale({ ...none, search: '?locale=', cookie: 'nf_lang=zh' })).toBe('zh');
  });
});

describe('localeCookie', () => {
  it('lasts a year for the whole site, Secure on https pages', () => {
    expect(localeCookie('zh')).toBe('nf_lang=zh; path=/; max-age=31536000; samesite=lax');
    expect(localeCookie('en', true)).toMatch(/; secure$/);
  });
});
