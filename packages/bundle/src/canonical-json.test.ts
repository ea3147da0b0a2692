import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('sorts keys at every depth by code unit and writes no whitespace', () => {
    const value = { b: [3, { z: true, a: null }], a: 'x', B: 'upper', é: 1, aa: { c: 1, b: 2 } };
    expect(canonicalJson(value)).toBe(
      '{"B":"upper","a":"x","aa":{"b":2,"c":1},"b":[3,{"a":null,"z":true}],"é":1}',
    );
  });

  it('leaves out undefined members, as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it('escapes strings as JSON.stringify does', () => {
    expect(canonicalJson({ text: 'line\n"quoted" \u2028 ✓' })).toBe(
      JSON.stringify({ text: 'line\n"quoted" \u2028 ✓' }),
    );
  });

  it.each([[1.5], [Number.NaN], [2 ** 60], [10n], [new Date(0)], [[undefined]], [() => 1]])(
    'refuses %s',
    (value) => {
      expect(() => canonicalJson({ value })).toThrowError(TypeError);
    },
  );
});
