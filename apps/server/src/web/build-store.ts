import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The web app's production builds (docs/decisions/0018-start-never-harms-a-running-server.md).
 *
 * apps/web/builds/
 *   current                    {"id", "inputs"}: the build a server starting now serves (replaced by rename)
 *   <id>/server, <id>/client   a complete build: never written again
 *   <id>/in-use/<pid>          one empty file per process serving (or just having built) that build
 *   .building-<pid>-<id>/      a build in progress, by process <pid>
 *
 * A server resolves `current` once at boot and marks the folder it loaded; pruning keeps the current
 * build, the one it replaced, every build a live process has marked and every build in progress of
 * a live process, and removes the rest.
 */

export const webAppDir = fileURLToPath(new URL('../../../web/', import.meta.url));
export const webBuildsDir = path.join(webAppDir, 'builds');

const POINTER = 'current';
const IN_USE = 'in-use';
const BUILDING = /^\.building-(\d+)-/;
const POINTER_TEMP = /^\.current-(\d+)\.tmp$/;

const BuildPointer = z.object({
  id: z.string().regex(/^[\w.-]{1,64}$/),
  /** Fingerprint of the sources the build was made from (see webInputsFingerprint). */
  inputs: z.string(),
});
export type BuildPointer = z.infer<typeof BuildPointer>;

/** A new build id: date, time and a random part (two builds may start in the same millisecond). */
export function newBuildId(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${day}-${now.getTime().toString(36)}-${randomBytes(2).toString('hex')}`;
}

/** The folder of a build in the store. */
export function buildDir(id: string, buildsDir = webBuildsDir): string {
  return path.join(buildsDir, id);
}

/** The folder a build in progress writes to: named after its process, so pruning leaves it alone. */
export function buildingDir(id: string, buildsDir = webBuildsDir, pid = process.pid): string {
  return path.join(buildsDir, `.building-${pid}-${id}`);
}

/** Whether a folder holds a whole build: the server bundle and the browser assets with their metadata. */
export async function isCompleteBuild(dir: string): Promise<boolean> {
  try {
    await Promise.all([
      fs.access(path.join(dir, 'server', 'index.js')),
      fs.access(path.join(dir, 'client', 'build-meta.json')),
    ]);
    return true;
  } catch {
    return false;
  }
}

/** What `current` names, with the build's folder; undefined without a pointer or when its build is gone. */
export async function readCurrentBuild(
  buildsDir = webBuildsDir,
): Promise<(BuildPointer & { dir: string }) | undefined> {
  let text: string;
  try {
    text = await fs.readFile(path.join(buildsDir, POINTER), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let pointer: BuildPointer;
  try {
    pointer = BuildPointer.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
  const dir = buildDir(pointer.id, buildsDir);
  return (await isCompleteBuild(dir)) ? { ...pointer, dir } : undefined;
}

/**
 * Points `current` at a complete build (written beside and renamed over, so a reader sees the old or
 * the new pointer, never half of one). Answers the id it pointed at before, if any.
 */
export async function switchCurrentBuild(pointer: BuildPointer, buildsDir = webBuildsDir): Promise<string | undefined> {
  const previous = await readCurrentBuild(buildsDir);
  const temp = path.join(buildsDir, `.current-${process.pid}.tmp`);
  await fs.writeFile(temp, `${JSON.stringify(BuildPointer.parse(pointer))}\n`);
  await fs.rename(temp, path.join(buildsDir, POINTER));
  return previous?.id;
}

/** Creates the in-use folder of a build being made (before it is renamed into place). */
export async function prepareInUse(dir: string): Promise<void> {
  await fs.mkdir(path.join(dir, IN_USE), { recursive: true });
}

/**
 * Marks a build as used by this process, so that no pruning removes it while the process lives;
 * answers the function that takes the mark off. A folder outside the store (WEB_BUILD_DIR elsewhere)
 * has no in-use folder: nothing to mark. The in-use folder is never created here, so a build removed
 * in the meantime is not brought back as an empty shell.
 */
export async function markBuildInUse(dir: string, pid = process.pid): Promise<() => Promise<void>> {
  const marker = path.join(dir, IN_USE, String(pid));
  try {
    await fs.writeFile(marker, '');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return async () => {};
    throw error;
  }
  return () => unmarkBuildInUse(dir, pid);
}

/** Takes this process's in-use mark off a build. */
export async function unmarkBuildInUse(dir: string, pid = process.pid): Promise<void> {
  await fs.rm(path.join(dir, IN_USE, String(pid)), { force: true });
}

/** Whether a process of this machine is alive (EPERM: it is, under another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function hasLiveUser(dir: string): Promise<boolean> {
  let names: string[];
  try {
    names = await fs.readdir(path.join(dir, IN_USE));
  } catch {
    return false;
  }
  return names.some((name) => /^\d+$/.test(name) && isProcessAlive(Number(name)));
}

/**
 * Removes the builds nothing needs: every complete build that is not in `keep` and has no live user,
 * every build in progress whose process is gone, and pointer files left half-written by a crash.
 * Answers the names removed.
 */
export async function pruneBuilds(keep: readonly string[], buildsDir = webBuildsDir): Promise<string[]> {
  const removed: string[] = [];
  let entries: Dirent[];
  try {
    entries = await fs.readdir(buildsDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return removed;
    throw error;
  }
  for (const entry of entries) {
    const { name } = entry;
    const full = path.join(buildsDir, name);
    const building = BUILDING.exec(name) ?? POINTER_TEMP.exec(name);
    let remove: boolean;
    if (building) remove = !isProcessAlive(Number(building[1]));
    else if (!entry.isDirectory() || name.startsWith('.')) remove = false;
    else remove = !keep.includes(name) && !(await hasLiveUser(full));
    if (!remove) continue;
    await fs.rm(full, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
