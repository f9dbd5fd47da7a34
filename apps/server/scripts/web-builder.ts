/**
 * Builds the web app into a folder of its own in the build store and points `current` at it
 * (docs/decisions/0018-start-never-harms-a-running-server.md): a build never writes into a folder a
 * running server serves from. Used by `npm run build` and `npm start`.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  buildDir,
  buildingDir,
  isCompleteBuild,
  markBuildInUse,
  newBuildId,
  prepareInUse,
  pruneBuilds,
  readCurrentBuild,
  switchCurrentBuild,
  unmarkBuildInUse,
  webAppDir,
  webBuildsDir,
} from '../src/web/build-store.js';

const repoRoot = path.resolve(webAppDir, '..', '..');

/**
 * What the web build is made from: the web app and the contracts (every file, dotfiles such as
 * `.env` included, without dependencies and outputs), the root manifests and lock file (dependency
 * versions), the shared compiler options, and the `VITE_` variables Vite passes to the app.
 * Bump the version when the build changes in a way these do not show.
 */
const FINGERPRINT_VERSION = '1';
const INPUT_FOLDERS: { dir: string; skip: string[] }[] = [
  { dir: 'apps/web', skip: ['node_modules', 'build', 'builds', '.react-router'] },
  { dir: 'packages/contracts', skip: ['node_modules', 'dist'] },
];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];

async function listFiles(root: string, relative: string, skip: string[], into: string[]): Promise<void> {
  const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries) {
    const name = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!skip.includes(entry.name)) await listFiles(root, name, [], into);
    } else if (entry.isFile()) {
      into.push(name);
    }
  }
}

/** A SHA-256 over the build's inputs (names and contents); equal fingerprints build the same app. */
export async function webInputsFingerprint(root = repoRoot, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const files: string[] = [];
  for (const { dir, skip } of INPUT_FOLDERS) await listFiles(root, dir, skip, files);
  for (const file of INPUT_FILES) {
    try {
      await fs.access(path.join(root, file));
      files.push(file);
    } catch {
      // not in this checkout: its absence is part of the fingerprint
    }
  }
  files.sort();
  const hash = createHash('sha256').update(`fingerprint ${FINGERPRINT_VERSION}\n`);
  for (const file of files) {
    const content = await fs.readFile(path.join(root, file));
    hash.update(`${file}\n${createHash('sha256').update(content).digest('hex')}\n`);
  }
  for (const name of Object.keys(env).filter((n) => n.startsWith('VITE_')).sort()) {
    hash.update(`env ${name}=${env[name]}\n`);
  }
  return hash.digest('hex');
}

/** The React Router command-line tool (node_modules/@react-router/dev/bin.js, found as Node finds it). */
function reactRouterCli(): string {
  const require = createRequire(path.join(webAppDir, 'package.json'));
  return path.join(path.dirname(require.resolve('@react-router/dev/package.json')), 'bin.js');
}

/** `react-router build` of apps/web into `outDir` (react-router.config.ts reads WEB_BUILD_OUT_DIR). */
async function reactRouterBuild(outDir: string, id: string, output: 'inherit' | 'ignore'): Promise<void> {
  const child = spawn(process.execPath, [reactRouterCli(), 'build'], {
    cwd: webAppDir,
    env: { ...process.env, BUILD_ID: id, WEB_BUILD_OUT_DIR: outDir },
    stdio: ['ignore', output, output],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(signal ? null : exitCode));
  });
  if (code !== 0) throw new Error(`react-router build failed (exit ${code ?? 'by signal'})`);
}

export interface BuiltWebApp {
  id: string;
  dir: string;
  ms: number;
  /** Old builds and leftovers removed afterwards. */
  removed: string[];
}

/**
 * Builds the web app into `.building-<pid>-<id>`, renames it to `<id>` when complete, points
 * `current` at it and prunes the builds nothing uses any more. A folder that already exists is never
 * written to; a failed build leaves `current` as it was.
 */
export async function buildWebApp(
  options: { inputs?: string; output?: 'inherit' | 'ignore'; buildsDir?: string } = {},
): Promise<BuiltWebApp> {
  const started = performance.now();
  const buildsDir = options.buildsDir ?? webBuildsDir;
  const inputs = options.inputs ?? (await webInputsFingerprint());
  await fs.mkdir(buildsDir, { recursive: true });
  const id = newBuildId();
  const building = buildingDir(id, buildsDir);
  await fs.mkdir(building); // fails rather than reuse a folder
  const dir = buildDir(id, buildsDir);
  try {
    await reactRouterBuild(building, id, options.output ?? 'inherit');
    if (!(await isCompleteBuild(building))) throw new Error(`the build in ${building} is incomplete`);
    // Marked in use by this process before it leaves the `.building-<pid>` name that protected it.
    await prepareInUse(building);
    await markBuildInUse(building);
    await fs.rename(building, dir);
  } catch (error) {
    await fs.rm(building, { recursive: true, force: true });
    throw error;
  }
  try {
    const previous = await switchCurrentBuild({ id, inputs }, buildsDir);
    const removed = await pruneBuilds([id, ...(previous ? [previous] : [])], buildsDir);
    return { id, dir, ms: performance.now() - started, removed };
  } finally {
    await unmarkBuildInUse(dir);
  }
}

/** The current build when it was made from the sources as they are now; undefined when a build is due. */
export async function upToDateBuild(inputs: string, buildsDir = webBuildsDir) {
  const current = await readCurrentBuild(buildsDir);
  return current?.inputs === inputs ? current : undefined;
}
