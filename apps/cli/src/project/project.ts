/**
 * An app's folder as the CLI sees it:
 *   bazaar.json              the manifest input (name, title, version, description, …): what
 *                            `createBundle` signs, less the DID, which is the key's
 *   .bazaar/app-key.json     the app's key (mode 0600, never bundled: `.bazaar` is left out)
 *   .bazaar/release/         the bundles, `{name}-{version}.tgz`
 */
import {
  APP_KEY_FILE_PATH,
  isBundleError,
  parseAppKeyFile,
  type AppKey,
  type ManifestInput,
} from '@bazaar/bundle';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError } from '../cli-error.ts';

export const PROJECT_FILE = 'bazaar.json';
export const RELEASE_FOLDER = '.bazaar/release';

export interface Project {
  folder: string;
  manifest: ManifestInput & { name: string; version: string };
  key: AppKey;
}

/** Where the bundle of `name` at `version` goes. */
export function releaseFile(folder: string, manifest: { name: string; version: string }): string {
  return join(folder, RELEASE_FOLDER, `${manifest.name}-${manifest.version}.tgz`);
}

async function readText(path: string, missing: () => CliError): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw missing();
    throw new CliError('PROJECT_UNREADABLE', `Cannot read ${path}: ${(error as Error).message}`);
  }
}

/** `bazaar.json` as written; the bundle checks every field when it signs them. */
export async function readManifestInput(folder: string): Promise<Project['manifest']> {
  const path = join(folder, PROJECT_FILE);
  const text = await readText(
    path,
    () =>
      new CliError('PROJECT_NOT_FOUND', `No ${PROJECT_FILE} in ${folder}`, {
        hint: 'Run bazaar init here first (or cd into the app’s folder)',
      }),
  );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError('BUNDLE_MANIFEST_INVALID', `${PROJECT_FILE} is not JSON: ${(error as Error).message}`);
  }
  const fields = json as { name?: unknown; version?: unknown } | null;
  if (typeof fields?.name !== 'string' || typeof fields.version !== 'string') {
    throw new CliError('BUNDLE_MANIFEST_INVALID', `${PROJECT_FILE} needs a "name" and a "version"`);
  }
  return json as Project['manifest'];
}

/** The app's key from `.bazaar/app-key.json`. */
export async function readAppKey(folder: string): Promise<AppKey> {
  const path = join(folder, APP_KEY_FILE_PATH);
  const text = await readText(
    path,
    () =>
      new CliError('APP_KEY_NOT_FOUND', `No app key at ${path}`, {
        hint: 'Run bazaar init to make one, or put the key file from /gen-key-pair there',
      }),
  );
  try {
    return parseAppKeyFile(text);
  } catch (error) {
    if (isBundleError(error))
      throw new CliError(error.code, `${path}: ${error.message}`, { details: error.details });
    throw error;
  }
}

export async function readProject(folder: string): Promise<Project> {
  // bazaar.json first: in a folder that is no app at all, that is what to tell.
  const manifest = await readManifestInput(folder);
  return { folder, manifest, key: await readAppKey(folder) };
}
