import { storeInfoSchema } from '@bazaar/schemas';
import { stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { CliError } from '../cli-error.ts';
import type { CommandContext } from '../command-context.ts';
import { warnIfPlainHttp } from '../command-context.ts';
import { formatBytes } from '../output/format.ts';
import { createProgress } from '../output/progress.ts';
import { readProject, releaseFile } from '../project/project.ts';
import { callStore } from '../store/store-client.ts';
import { uploadBundleFile } from '../store/upload-bundle.ts';
import { buildBundle, describeBundle } from './bundle.ts';

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The file to upload: the one given, else the bundle of bazaar.json's version (made now if missing). */
async function bundleToUpload(
  context: CommandContext,
  file: string | undefined,
): Promise<{ path: string; size: number }> {
  if (file !== undefined) {
    const path = resolve(context.io.cwd, file);
    const size = await sizeOf(path);
    if (size === null) throw new CliError('BUNDLE_NOT_FOUND', `No such file: ${path}`);
    return { path, size };
  }
  const project = await readProject(context.io.cwd);
  const path = releaseFile(project.folder, project.manifest);
  const size = await sizeOf(path);
  if (size !== null) return { path, size };
  context.say(`No bundle of ${project.manifest.name} ${project.manifest.version} yet: bundling it.`);
  const bundle = await buildBundle(project);
  context.say(describeBundle(context, bundle));
  return { path: bundle.file, size: bundle.size };
}

/**
 * `bazaar upload [file]`: checks the bundle's size against the Store's limit (`store.json`),
 * streams it to the Store with a progress bar, and says what became of the version.
 */
export async function uploadCommand(
  context: CommandContext,
  options: { file: string | undefined },
): Promise<void> {
  const { store, token } = await context.connection.requireConnection();
  warnIfPlainHttp(context, store);
  const bundle = await bundleToUpload(context, options.file);
  const info = await callStore({ store }, 'GET', '/store.json', storeInfoSchema);
  if (bundle.size > info.maxBundleSize) {
    throw new CliError(
      'BUNDLE_TOO_LARGE',
      `The bundle is ${formatBytes(bundle.size)}; ${store} takes at most ${formatBytes(info.maxBundleSize)}`,
      { hint: 'Leave out what the app does not need (list it in .bazaarignore), then bundle again' },
    );
  }
  const label = `Uploading ${relative(context.io.cwd, bundle.path) || bundle.path}`;
  const answer = await uploadBundleFile({
    store,
    token,
    file: bundle.path,
    size: bundle.size,
    progress: createProgress(context.io.stderr, bundle.size, label),
  });
  const { app, version } = answer;
  context.say(`Uploaded ${app.name} ${version.version} (${app.did}): ${version.status}.`);
  context.say(
    answer.published
      ? 'It was published at once (auto-publish is on).'
      : `Publish it with: bazaar publish ${version.version}`,
  );
}
