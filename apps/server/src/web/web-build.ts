import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { BuildInfo } from '@fuliaotong/contracts';
import { readCurrentBuild } from './build-store.js';

/** The production build of the web app: the React Router server bundle, its browser assets, its id. */
export interface WebBuild {
  server: ServerBuild;
  clientDir: string;
  info: BuildInfo;
}

/**
 * The web app served from its sources (`npm run dev`): Vite in middleware mode compiles the modules
 * on request and pushes changes to the browser (docs/decisions/0016-development-server-vite-in-fastify.md).
 */
export interface WebDevSource {
  /** The web app's folder (apps/web), with its vite.config.ts. */
  appRoot: string;
  info: BuildInfo;
}

/**
 * The folder of the build to serve: WEB_BUILD_DIR when set, else the store's current build
 * (apps/web/builds/current, read once: a later build does not change what this process serves);
 * undefined when the web app has not been built.
 */
export async function resolveWebBuildDir(setting: string | undefined): Promise<string | undefined> {
  if (setting) return path.resolve(setting);
  return (await readCurrentBuild())?.dir;
}

/** Loads a build folder (see resolveWebBuildDir); undefined when it holds no build. */
export async function loadWebBuild(buildDir: string): Promise<WebBuild | undefined> {
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  const clientDir = path.join(buildDir, 'client');
  try {
    await fs.access(serverEntry);
  } catch {
    return undefined;
  }
  const info = BuildInfo.parse(JSON.parse(await fs.readFile(path.join(clientDir, 'build-meta.json'), 'utf8')));
  const server = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return { server, clientDir, info };
}
