import { describe, expect, it } from 'vitest';
import { nearViewMargin } from './use-near-view.ts';

describe('nearViewMargin', () => {
  it('is half the window up to 300 px, and 50 px on phones', () => {
    expect(nearViewMargin(false, 400)).toBe('200px');
    expect(nearViewMargin(false, 1_000)).toBe('300px');
    expect(nearViewMargin(true, 1_000)).toBe('50px');
  });
});
