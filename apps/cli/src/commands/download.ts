import { isAppDid } from '@bazaar/bundle';
import { appVersionParamSchema } from '@bazaar/schemas';
import { rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { usageError } from '../cli-error.ts';
import type { CommandContext } from '../command-context.ts';
import { warnIfPlainHttp } from '../command-context.ts';
import { formatBytes, formatFields } from '../output/format.ts';
import { downloadBundleFile } from '../store/download-bundle.ts';
import { verifyDownloadedBundle } from '../store/verify-download.ts';

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** `--out`: a folder to put `{name}-{version}.tgz` in (default: here), or the file to write. */
async function resolveTarget(
  cwd: string,
  out: string | undefined,
): Promise<{ folder: string; file: string | null }> {
  const path = resolve(cwd, out ?? '.');
  if (await isFolder(path)) return { folder: path, file: null };
  if (!(await isFolder(dirname(path)))) {
    throw usageError(
      'OUT_FOLDER_NOT_FOUND',
      `No such folder: ${dirname(path)}`,
      'Create it first, or pick another --out',
    );
  }
  return { folder: dirname(path), file: path };
}

/**
 * `bazaar download <did> [--version x.y.z] [--out path]`: downloads an app's bundle (the published
 * version unless one is named), verifies it (sha512 against the Store's headers, the manifest's
 * signature by the app's key, every file's sha256), and writes it only when all of that holds.
 * A token, when there is one for the Store, is sent so a developer gets their own unpublished versions;
 * a licence (`--licence` or BAZAAR_LICENCE), so a paid app's buyer gets it.
 */
export async function downloadCommand(
  context: CommandContext,
  options: { did: string; version: string | undefined; out: string | undefined; licence?: string },
): Promise<void> {
  if (!isAppDid(options.did)) {
    throw usageError('APP_DID_INVALID', `Not an app DID: ${options.did}`, 'An app DID reads did:key:z6Mk…');
  }
  if (options.version !== undefined && !appVersionParamSchema.safeParse(options.version).success) {
    throw usageError('VERSION_INVALID', `Not a version: ${options.version}`, 'A version reads like 1.2.3');
  }
  const { store, connection } = await context.connection.findConnection();
  if (connection) warnIfPlainHttp(context, store);
  const target = await resolveTarget(context.io.cwd, options.out);
  const downloaded = await downloadBundleFile({
    store,
    token: connection?.token ?? null,
    licence: options.licence ?? context.io.env.BAZAAR_LICENCE ?? null,
    did: options.did,
    version: options.version,
    folder: target.folder,
  });
  try {
    const manifest = await verifyDownloadedBundle(downloaded, options);
    const file = target.file ?? join(target.folder, `${manifest.name}-${manifest.version}.tgz`);
    await rename(downloaded.file, file);
    context.say(`Downloaded ${manifest.name} ${manifest.version} (${manifest.did}) from ${store}`);
    context.say(
      formatFields([
        ['sha512', `${downloaded.integrity} (matches Repr-Digest and X-Bazaar-Integrity)`],
        [
          'signature',
          `${manifest.signature.alg} by ${manifest.signature.signer} over manifest.json, valid (matches X-Bazaar-Signature)`,
        ],
        ['files', `${manifest.files.length} files, each matching its sha256 in the manifest`],
      ]),
    );
    context.say(`Saved ${relative(context.io.cwd, file) || file} (${formatBytes(downloaded.size)})`);
  } catch (error) {
    await rm(downloaded.file, { force: true });
    throw error;
  }
}
