import { describe, expect, it } from 'vitest';
import { formatBytes, formatTable } from './format.ts';
import { createProgress } from './progress.ts';

function capture(isTTY: boolean) {
  let text = '';
  return { out: { write: (chunk: string) => void (text += chunk), isTTY }, text: () => text };
}

describe('upload progress', () => {
  it('is a line per tenth when nobody watches a terminal (CI logs)', () => {
    const { out, text } = capture(false);
    const progress = createProgress(out, 2048, 'Uploading app.tgz');
    for (let done = 0; done <= 2048; done += 64) progress.update(done);
    progress.stop();
    const lines = text().trim().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Uploading app.tgz 0% of 2.0 KB (2,048 bytes)');
    expect(lines[10]).toBe('Uploading app.tgz 100% of 2.0 KB (2,048 bytes)');
  });

  it('is a bar on a terminal', () => {
    const { out, text } = capture(true);
    const progress = createProgress(out, 1000, 'Uploading');
    progress.update(500);
    progress.update(1000);
    progress.stop();
    expect(text()).toContain('Uploading [');
    expect(text()).toContain('100% | 1000/1000 bytes');
  });
});

describe('the output formats', () => {
  it('says sizes in bytes, KB, MB and GB', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1,023 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB (1,536 bytes)');
    expect(formatBytes(500 * 1024 * 1024)).toBe('500.0 MB (524,288,000 bytes)');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB (3,221,225,472 bytes)');
  });

  it('lines a table up by its widest cells', () => {
    expect(
      formatTable(
        ['VERSION', 'STATUS'],
        [
          ['1.0.0', 'published'],
          ['1.10.0', 'draft'],
        ],
      ),
    ).toBe('VERSION  STATUS\n-------  ---------\n1.0.0    published\n1.10.0   draft\n');
  });
});
