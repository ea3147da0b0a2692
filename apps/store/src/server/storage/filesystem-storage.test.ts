import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBundleStorageContract } from './bundle-storage-contract.ts';
import { createFilesystemBundleStorage } from './filesystem-storage.ts';
import type { BundleStorage } from './storage.ts';

let folder: string;
let storage: BundleStorage;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'bazaar-bundles-'));
  // The root does not exist yet: the first put creates it.
  storage = createFilesystemBundleStorage({ root: join(folder, 'data', 'bundles') });
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('filesystem bundle storage', () => {
  testBundleStorageContract(() => storage);

  it('leaves no temporary file behind after a failed put', async () => {
    const body = Readable.from(
      (function* () {
        yield Buffer.alloc(1000);
        throw new Error('upload connection reset');
      })(),
    );

    await expect(storage.put('apps/did:key:z6MkFailed/1.0.0/app-1.0.0.tgz', body)).rejects.toThrow();

    expect(await readdir(join(folder, 'data', 'bundles', 'apps', 'did:key:z6MkFailed', '1.0.0'))).toEqual([]);
  });

  it('refuses a path through a symbolic link, leaving the folder it points to untouched', async () => {
    const outside = join(folder, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'app-1.0.0.tgz'), 'private');
    await mkdir(join(folder, 'data', 'bundles', 'apps'), { recursive: true });
    await symlink(outside, join(folder, 'data', 'bundles', 'apps', 'linked'));
    const key = 'apps/linked/app-1.0.0.tgz';

    await expect(storage.put(key, Buffer.from('overwrite'))).rejects.toMatchObject({
      code: 'BUNDLE_PATH_UNSAFE',
    });
    await expect(storage.get(key)).rejects.toMatchObject({ code: 'BUNDLE_PATH_UNSAFE' });
    await expect(storage.head(key)).rejects.toMatchObject({ code: 'BUNDLE_PATH_UNSAFE' });
    await expect(storage.delete(key)).rejects.toMatchObject({ code: 'BUNDLE_PATH_UNSAFE' });

    expect(await readFile(join(outside, 'app-1.0.0.tgz'), 'utf8')).toBe('private');
  });

  it('refuses to read a bundle file that is a symbolic link', async () => {
    const outside = join(folder, 'secret.txt');
    await writeFile(outside, 'private');
    await mkdir(join(folder, 'data', 'bundles', 'apps', 'real'), { recursive: true });
    await symlink(outside, join(folder, 'data', 'bundles', 'apps', 'real', 'app-1.0.0.tgz'));
    const key = 'apps/real/app-1.0.0.tgz';

    await expect(storage.get(key)).rejects.toMatchObject({ code: 'BUNDLE_PATH_UNSAFE' });
    await expect(storage.head(key)).rejects.toMatchObject({ code: 'BUNDLE_PATH_UNSAFE' });
  });

  it('works under a root that is itself a symbolic link (a data folder on another volume)', async () => {
    const volume = join(folder, 'volume');
    await mkdir(volume);
    await symlink(volume, join(folder, 'linked-root'));
    const linkedStorage = createFilesystemBundleStorage({ root: join(folder, 'linked-root') });

    await linkedStorage.put('apps/app/1.0.0/app-1.0.0.tgz', Buffer.from('on the volume'));

    expect(await readFile(join(volume, 'apps', 'app', '1.0.0', 'app-1.0.0.tgz'), 'utf8')).toBe(
      'on the volume',
    );
  });

  it('reads bundles back under a linked root, and refuses a folder link that loops', async () => {
    const volume = join(folder, 'other-volume');
    await mkdir(volume);
    await symlink(volume, join(folder, 'other-linked-root'));
    const linkedStorage = createFilesystemBundleStorage({ root: join(folder, 'other-linked-root') });
    await linkedStorage.put('apps/app/1.0.0/app-1.0.0.tgz', Buffer.from('read back'));

    const chunks: Buffer[] = [];
    for await (const chunk of await linkedStorage.get('apps/app/1.0.0/app-1.0.0.tgz')) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('read back');
    expect(await linkedStorage.head('apps/app/1.0.0/app-1.0.0.tgz')).toEqual({ size: 9 });

    await symlink(join(volume, 'apps', 'loop'), join(volume, 'apps', 'loop'));
    await expect(linkedStorage.get('apps/loop/1.0.0/app-1.0.0.tgz')).rejects.toMatchObject({
      code: 'BUNDLE_PATH_UNSAFE',
    });
  });

  it('treats a key naming a folder as nothing stored', async () => {
    await storage.put('apps/folder/1.0.0/app-1.0.0.tgz', Buffer.from('x'));

    expect(await storage.head('apps/folder/1.0.0')).toBeNull();
    await expect(storage.get('apps/folder/1.0.0')).rejects.toMatchObject({ code: 'BUNDLE_NOT_FOUND' });
    await expect(storage.delete('apps/folder/1.0.0')).resolves.toBeUndefined();
  });
});
