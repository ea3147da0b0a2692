/**
 * Bundling, reproducible and how fast: `createBundle` over a folder of many small source files,
 * twice with one key. Between the two the folder is written again a second later, in reverse
 * order (other inodes, mtimes and directory order), as a fresh checkout on another day would be.
 * Printed: both sha512s, whether the tarballs are byte-identical, and MB/s of the files bundled;
 * next to `tar czf` (gzip at its default level, 6, as ours) of the same folder at the same two
 * moments, timed and compared the same way.
 *
 *   npm run bench:bundle        (or: node bench/bundle.ts [files=5000])
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { createBundle, generateAppKey } from '@bazaar/bundle';
import { BYTES_PER_MB } from '@bazaar/schemas';
import { describeMachine } from './request-timing.ts';

const FILES = Number(process.argv[2] ?? 5_000);
const FILES_PER_FOLDER = 100;
/** Past tar's one-second mtime resolution, so the second checkout's mtimes differ for it too. */
const CHECKOUT_GAP_MS = 1_100;

type Tool = (folder: string, outFile: string) => Promise<void>;
type Order = 'forward' | 'reverse';

/** An app's sources: short lines of code, 5 to 55 a file (~2 KB), compressing as code does. */
function sourceFiles(count: number): Map<string, string> {
  const files = new Map<string, string>();
  for (let index = 0; index < count; index += 1) {
    const lines = Array.from(
      { length: 5 + (index % 51) },
      (_, line) => `export const value_${line} = compute('${randomBytes(6).toString('hex')}', ${line});`,
    );
    files.set(`src/module-${Math.floor(index / FILES_PER_FOLDER)}/file-${index}.js`, `${lines.join('\n')}\n`);
  }
  return files;
}

/** Writes `files` into a fresh `folder`, in `order`. */
async function checkOut(folder: string, files: Map<string, string>, order: Order) {
  await rm(folder, { recursive: true, force: true });
  const entries = [...files];
  if (order === 'reverse') entries.reverse();
  for (const [path, content] of entries) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), content);
  }
}

const key = generateAppKey();
const bazaarBundle: Tool = async (folder, outFile) => {
  await createBundle({
    folder,
    manifest: { name: 'bench-sources', title: 'Sources', version: '1.0.0', description: 'Many files.' },
    secretKey: key.secretKey,
    outFile,
  });
};
const tarCzf: Tool = async (folder, outFile) => {
  await promisify(execFile)('tar', ['czf', outFile, '-C', folder, '.']);
};

async function timeTool(tool: string, make: Tool, folder: string, outFile: string) {
  const started = performance.now();
  await make(folder, outFile);
  const seconds = (performance.now() - started) / 1000;
  const bytes = await readFile(outFile);
  return { tool, seconds, bytes, sha512: `sha512-${createHash('sha512').update(bytes).digest('base64')}` };
}

const TOOLS = { 'bazaar bundle (createBundle)': bazaarBundle, 'baseline: tar czf': tarCzf };

/** Checks the folder out as `order` says, then has each tool pack it. */
async function packCheckout(root: string, files: Map<string, string>, run: number, order: Order) {
  const folder = join(root, 'app');
  await checkOut(folder, files, order);
  const results = [];
  for (const [tool, make] of Object.entries(TOOLS)) {
    results.push({
      run,
      ...(await timeTool(tool, make, folder, join(root, `${run}-${results.length}.tgz`))),
    });
  }
  return results;
}

const root = await mkdtemp(join(tmpdir(), 'bazaar-bench-bundle-'));
try {
  const files = sourceFiles(FILES);
  const first = await packCheckout(root, files, 1, 'forward');
  await sleep(CHECKOUT_GAP_MS);
  const second = await packCheckout(root, files, 2, 'reverse');
  const megabytes = [...files.values()].reduce((sum, content) => sum + content.length, 0) / BYTES_PER_MB;
  console.log(`${describeMachine()}; ${FILES} files, ${megabytes.toFixed(1)} MB`);
  for (const { tool, run, sha512 } of [...first, ...second]) console.log(`${tool}, run ${run}: ${sha512}`);
  console.table(
    first.map((one, index) => {
      const two = second[index]!;
      const fastest = Math.min(one.seconds, two.seconds);
      return {
        tool: one.tool,
        'run 1 s': Number(one.seconds.toFixed(2)),
        'run 2 s': Number(two.seconds.toFixed(2)),
        'MB/s (faster run)': Number((megabytes / fastest).toFixed(1)),
        'files/s': Math.round(FILES / fastest),
        'tarball KB': Math.round(one.bytes.length / 1024),
        'byte-identical': one.bytes.equals(two.bytes),
      };
    }),
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
