/**
 * Builds the web app into a folder of its own in the build store and points `current` at it
 * (docs/decisions/0018-start-never-harms-a-running-server.md): a build never writes into a folder a
 * running server serves from. Used by `npm run build` and `npm start`.
 */
import { spawn } from 'node:child_process';
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
import { inputsFingerprint, type BuildInputs } from './build-inputs.js';

const repoRoot = path.resolve(webAppDir, '..', '..');

/**
 * What the web build is made from: the web app, the API client and the contracts (every file,
 * dotfiles such as `.env` included, without dependencies and outputs), the root manifests and lock
 * file (dependency versions), the shared compiler options, and the `VITE_` variables Vite passes to
 * the app.
 * Bump the version when the build changes in a way these do not show.
 */
const WEB_INPUTS: BuildInputs = {
  version: '1',
  folders: [
    { dir: 'apps/web', skip: ['node_modules', 'build', 'builds', '.react-router'] },
    { dir: 'packages/client', skip: ['node_modules', 'dist'] },
    { dir: 'packages/contracts', skip: ['node_modules', 'dist'] },
  ],
  files: ['package.json', 'package-lock.json', 'tsconfig.base.json'],
  envPrefix: 'VITE_',
};

/** A SHA-256 over the build's inputs (names and contents); equal fingerprints build the same app. */
export async function webInputsFingerprint(root = repoRoot, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return inputsFingerprint(WEB_INPUTS, root, env);
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
