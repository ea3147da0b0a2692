import { describe, expect, it } from 'vitest';
import { assertBundleKey, BundleStorageError, isBundleKey, isBundleNotFound } from './storage.ts';

describe('bundle keys', () => {
  it.each([
    'apps/did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK/1.2.0/my-app-1.2.0.tgz',
    'apps/did:key:z6Mk/1.0.0-rc.1+build.7/my_app-1.0.0-rc.1+build.7.tgz',
    'app.tgz',
    '_drafts/app.tgz',
  ])('accepts %s', (key) => {
    expect(isBundleKey(key)).toBe(true);
    expect(() => assertBundleKey(key)).not.toThrow();
  });

  it.each([
    ['', 'it is empty'],
    ['/apps/app.tgz', 'it is absolute'],
    ['apps\\app.tgz', 'it holds a backslash'],
    ['apps//app.tgz', 'it has an empty segment'],
    ['apps/', 'it has an empty segment'],
    ['apps/../app.tgz', 'it has a ".." segment'],
    ['..', 'it has a ".." segment'],
    ['apps/./app.tgz', 'it has a "." segment'],
    ['apps/.upload-1.tmp', 'a segment holds a character outside'],
    ['apps/-app.tgz', 'a segment holds a character outside'],
    ['apps/app name.tgz', 'a segment holds a character outside'],
    ['apps/app\n.tgz', 'a segment holds a character outside'],
    ['apps/%2e%2e/app.tgz', 'a segment holds a character outside'],
    ['apps/ápp.tgz', 'a segment holds a character outside'],
    [`apps/${'a'.repeat(256)}`, 'a segment is longer than 255 characters'],
    [`${'a/'.repeat(512)}a`, 'it is longer than 1024 characters'],
  ])('refuses %j: %s', (key, problem) => {
    expect(isBundleKey(key)).toBe(false);
    expect(() => assertBundleKey(key)).toThrow(problem);
    expect(() => assertBundleKey(key)).toThrow(BundleStorageError);
  });

  it('quotes a refused key, so a control character in it cannot forge a log line', () => {
    expect(() => assertBundleKey('apps/x\nINFO forged')).toThrow(
      '"apps/x\\nINFO forged" is not a bundle key',
    );
  });

  it('refuses a key that is not a string at all', () => {
    expect(() => assertBundleKey(undefined as unknown as string)).toThrow('it is not a string');
  });
});

describe('isBundleNotFound', () => {
  it('is true only for the not-found code', () => {
    expect(isBundleNotFound(new BundleStorageError('BUNDLE_NOT_FOUND', 'k', 'm'))).toBe(true);
    expect(isBundleNotFound(new BundleStorageError('BUNDLE_KEY_INVALID', 'k', 'm'))).toBe(false);
    expect(isBundleNotFound(Object.assign(new Error('m'), { code: 'BUNDLE_NOT_FOUND' }))).toBe(false);
  });
});
