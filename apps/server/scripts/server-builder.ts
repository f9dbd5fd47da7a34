/**
 * Compiles the server (apps/server/src with the contracts it imports as TypeScript source) into one
 * JavaScript file, `apps/server/dist/main.js`, with esbuild (docs/decisions/0031-compiled-server.md).
 * `npm start` and `npm run build` call it; it does nothing when the sources have not changed since the
 * last build.
 *
 * - Dependencies stay outside the bundle (`node_modules`, loaded as Node loads them): packages with
 *   native parts, WebAssembly or files of their own (PGlite, argon2, ip2region, svg-captcha's fonts)
 *   find them where they were installed. Only `@fuliaotong/*` (TypeScript source) is bundled.
 * - Paths the server finds from its own files (`new URL('../../drizzle', import.meta.url)`: the
 *   migrations, the web app, the build store) mean the same in the bundle: every `import.meta.url`
 *   in our sources becomes the URL of that source file, relative to the bundle, so the bundle finds
 *   them wherever the checkout is.
 * - The new files are written beside the old ones and renamed over them: a server that started from
 *   the old bundle has read all of it (one file, no chunks) and is not affected.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, version as esbuildVersion, type Plugin } from 'esbuild';
import { inputsFingerprint, type BuildInputs } from './build-inputs.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(serverDir, '..', '..');
/** Where the compiled server goes. */
export const serverDistDir = path.join(serverDir, 'dist');
/** The compiled `src/main.ts`: what `npm run serve` and `npm start`'s processes run. */
export const serverEntry = path.join(serverDistDir, 'main.js');
const BUILD_RECORD = path.join(serverDistDir, 'build.json');

/** Bump when the build options below change in a way the inputs do not show. */
const SERVER_INPUTS: BuildInputs = {
  version: `server 1 esbuild ${esbuildVersion}`,
  folders: [
    { dir: 'apps/server/src', skip: [] },
    { dir: 'packages/contracts', skip: ['node_modules', 'dist', 'data'] },
  ],
  files: ['package.json', 'package-lock.json', 'tsconfig.base.json', 'apps/server/package.json', 'apps/server/tsconfig.json'],
  ignore: (file) => file.endsWith('.test.ts'),
};

/** A SHA-256 over what the compiled server is made from. */
export function serverInputsFingerprint(root = repoRoot): Promise<string> {
  return inputsFingerprint(SERVER_INPUTS, root);
}

interface BuildRecord {
  inputs: string;
  builtAt: string;
  ms: number;
}

async function readRecord(): Promise<BuildRecord | undefined> {
  try {
    return JSON.parse(await fs.readFile(BUILD_RECORD, 'utf8')) as BuildRecord;
  } catch {
    return undefined;
  }
}


/** Keeps `import.meta.url` meaning "this source file" inside the bundle (see the top of this file). */
function sourceFileUrls(outDir: string): Plugin {
  return {
    name: 'source-file-urls',
    setup(builder) {
      // Our own TypeScript (dependencies stay outside the bundle, and the contracts resolve to packages/contracts).
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.split(path.sep).includes('node_modules')) return undefined;
        const contents = await fs.readFile(args.path, 'utf8');
        if (!contents.includes('import.meta.url')) return undefined;
        const relative = path.relative(outDir, args.path).split(path.sep).join('/');
        return {
          contents: contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
          loader: 'ts',
        };
      });
    },
  };
}

/** Every package import stays an import of node_modules, except our workspace packages (TypeScript source). */
const dependenciesOutside: Plugin = {
  name: 'dependencies-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@fuliaotong/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

export interface BuiltServer {
  entry: string;
  /** False when the bundle was already up to date. */
  built: boolean;
  ms: number;
}

/**
 * Makes `apps/server/dist/main.js` from the sources unless it was made from them as they are now
 * (`force` builds anyway). Safe to call from several processes at once: each writes its own files
 * and renames them into place.
 */
export async function buildServer(options: { force?: boolean } = {}): Promise<BuiltServer> {
  const started = performance.now();
  const inputs = await serverInputsFingerprint();
  const record = await readRecord();
  if (!options.force && record?.inputs === inputs && (await exists(serverEntry))) {
    return { entry: serverEntry, built: false, ms: performance.now() - started };
  }
  await fs.mkdir(serverDistDir, { recursive: true });
  const building = path.join(serverDistDir, `.building-${process.pid}-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(building);
  try {
    await build({
      entryPoints: { main: path.join(serverDir, 'src', 'main.ts') },
      outdir: building,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      // The bundle's own folder is apps/server/dist, not the temporary one it is written to first.
      plugins: [dependenciesOutside, sourceFileUrls(serverDistDir)],
      logLevel: 'warning',
      legalComments: 'none',
    });
    // The map names the sources relative to where the bundle will be.
    for (const name of ['main.js.map', 'main.js']) await fs.rename(path.join(building, name), path.join(serverDistDir, name));
    const ms = performance.now() - started;
    const temporary = `${BUILD_RECORD}.${process.pid}-${randomBytes(4).toString('hex')}`;
    await fs.writeFile(temporary, JSON.stringify({ inputs, builtAt: new Date().toISOString(), ms: Math.round(ms) } satisfies BuildRecord) + '\n');
    await fs.rename(temporary, BUILD_RECORD);
    return { entry: serverEntry, built: true, ms };
  } finally {
    await fs.rm(building, { recursive: true, force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** The compiled server's URL, for `import()`. */
export function serverEntryUrl(): string {
  return pathToFileURL(serverEntry).href;
}
