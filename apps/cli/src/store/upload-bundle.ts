import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { ReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import type { Progress } from '../output/progress.ts';
import { uploadAnswerSchema } from './app-contracts.ts';
import { apiUrl, readStoreAnswer } from './store-client.ts';
import { storeUnreachable } from './store-errors.ts';

/** The upload form's one field. */
export const BUNDLE_FIELD = 'bundle';

/** A file name as a quoted header value: no quotes, backslashes or control characters. */
function headerSafe(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/["\\\u0000-\u001f\u007f]/g, '_');
}

/**
 * Streams `file` to `POST /api/apps/upload` as a multipart form with the one field `bundle`,
 * never holding it in memory; `progress` hears how many of its bytes have gone out. The length
 * is known in advance, so the Store can refuse an oversize upload from its headers.
 */
export async function uploadBundleFile(input: {
  store: string;
  token: string;
  file: string;
  size: number;
  progress: Progress;
}): Promise<z.output<typeof uploadAnswerSchema>> {
  const boundary = `bazaar-${randomBytes(16).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${BUNDLE_FIELD}"; filename="${headerSafe(basename(input.file))}"\r\n` +
      'Content-Type: application/gzip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts(): AsyncGenerator<Uint8Array> {
    yield head;
    let sent = 0;
    for await (const chunk of createReadStream(input.file) as AsyncIterable<Buffer>) {
      sent += chunk.length;
      input.progress.update(sent);
      yield chunk;
    }
    yield tail;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(input.store, '/apps/upload'), {
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${input.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + input.size + tail.length),
      },
      body: ReadableStream.from(parts()) as unknown as BodyInit,
      duplex: 'half',
      redirect: 'manual',
    } as RequestInit & { duplex: 'half' });
  } catch (error) {
    throw storeUnreachable(input.store, error);
  } finally {
    input.progress.stop();
  }
  return readStoreAnswer(input.store, response, uploadAnswerSchema);
}
