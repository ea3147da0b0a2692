import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('createMailer', () => {
  it('writes the mail to the server log when no SMTP_URL is set', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const mailer = createMailer({}, pino(sink));
    await mailer.send({ to: 'ann@example.com', subject: 'Your code', text: 'Your sign-in code is 042917.' });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line).toMatchObject({ level: 30, to: 'ann@example.com' });
    expect(line.msg).toContain('042917');
  });
});
