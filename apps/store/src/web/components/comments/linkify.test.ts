import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify.ts';

describe('splitLinks', () => {
  it('makes http and https addresses links and leaves the rest as text', () => {
    expect(splitLinks('Docs at https://example.com/docs?a=1#top and http://old.example now')).toEqual([
      { kind: 'text', text: 'Docs at ' },
      { kind: 'link', text: 'https://example.com/docs?a=1#top', href: 'https://example.com/docs?a=1#top' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://old.example', href: 'http://old.example/' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript://%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://files.example/x',
    'www.example.com',
    'https://',
    '<a href="https://x.example">x</a> is markup, not a link',
  ])('keeps %j as text, or links only its http(s) address', (text) => {
    const links = splitLinks(text).filter((part) => part.kind === 'link');
    expect(links.every((link) => /^https?:\/\//.test(link.href))).toBe(true);
    expect(
      splitLinks(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });

  it('leaves sentence punctuation out of the address, but not a parenthesis the address opened', () => {
    const linkOf = (text: string) => splitLinks(text).find((part) => part.kind === 'link')?.text;
    expect(linkOf('See https://example.com.')).toBe('https://example.com');
    expect(linkOf('(see https://example.com/a)')).toBe('https://example.com/a');
    expect(linkOf('Read https://en.wikipedia.org/wiki/Bazaar_(disambiguation), then')).toBe(
      'https://en.wikipedia.org/wiki/Bazaar_(disambiguation)',
    );
    expect(linkOf('Really? https://example.com/?q=1!!')).toBe('https://example.com/?q=1');
  });

  it('gives text without addresses back whole, line breaks and all', () => {
    expect(splitLinks('one\ntwo')).toEqual([{ kind: 'text', text: 'one\ntwo' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
