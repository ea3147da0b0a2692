import { createBundle, type CreatedBundle } from '@bazaar/bundle';
import { relative } from 'node:path';
import type { CommandContext } from '../command-context.ts';
import { formatBytes, formatFields } from '../output/format.ts';
import { readProject, releaseFile, type Project } from '../project/project.ts';

/** Bundles the project into `.bazaar/release/{name}-{version}.tgz` (the same folder gives the same bytes). */
export async function buildBundle(project: Project): Promise<CreatedBundle> {
  return createBundle({
    folder: project.folder,
    manifest: project.manifest,
    secretKey: project.key.secretKey,
    outFile: releaseFile(project.folder, project.manifest),
  });
}

export function describeBundle(context: CommandContext, bundle: CreatedBundle): string {
  return formatFields([
    ['Bundle', relative(context.io.cwd, bundle.file) || bundle.file],
    ['App', `${bundle.manifest.name} (${bundle.manifest.did})`],
    ['Version', bundle.manifest.version],
    ['Files', String(bundle.manifest.files.length)],
    ['Size', formatBytes(bundle.size)],
    ['Integrity', bundle.integrity],
  ]);
}

/** `bazaar bundle`: reads bazaar.json and the app key, writes the signed bundle, prints what it is. */
export async function bundleCommand(context: CommandContext): Promise<void> {
  const bundle = await buildBundle(await readProject(context.io.cwd));
  context.say(describeBundle(context, bundle));
}
