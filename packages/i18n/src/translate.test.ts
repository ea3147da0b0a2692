import { describe, expect, it } from 'vitest';
import { en, zh } from './messages/index.ts';
import { createTranslator } from './translate.ts';

describe('translations', () => {
  it('keeps English and Chinese in step', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(zh)) expect(text, key).not.toBe('');
  });

  it('translates with placeholders and maps tw to Chinese', () => {
    expect(createTranslator('tw')('common.retry')).toBe('重试');
    expect(createTranslator('fr')('common.retry')).toBe('Try again');
  });
});
