import { describe, expect, it } from 'vitest';
import { pickAuthToken, pickLivemode } from './preferences.ts';

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
