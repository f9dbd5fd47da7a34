import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildDir,
  buildingDir,
  markBuildInUse,
  newBuildId,
  prepareInUse,
  pruneBuilds,
  readCurrentBuild,
  switchCurrentBuild,
} from './build-store.js';

/** The build store on a temporary folder, with stand-in builds (the two files that make one complete). */

let store: string;
beforeEach(async () => {
  store = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-builds-'));
});
afterEach(async () => {
  await fs.rm(store, { recursive: true, force: true });
});

async function fakeBuild(dir: string, options: { users?: number[] } = {}): Promise<string> {
  await fs.mkdir(path.join(dir, 'server'), { recursive: true });
  await fs.mkdir(path.join(dir, 'client'), { recursive: true });
  await fs.writeFile(path.join(dir, 'server', 'index.js'), 'export {};\n');
  await fs.writeFile(path.join(dir, 'client', 'build-meta.json'), '{}');
  await prepareInUse(dir);
  for (const pid of options.users ?? []) await fs.writeFile(path.join(dir, 'in-use', String(pid)), '');
  return dir;
}

/** The id of a process that has ended. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', '']).pid;
  if (!pid) throw new Error('no process');
  return pid;
}

describe('build store', () => {
  it('has no current build until one is switched to, and answers the one replaced', async () => {
    expect(await readCurrentBuild(store)).toBeUndefined();
    const first = newBuildId();
    await fakeBuild(buildDir(first, store));
    expect(await switchCurrentBuild({ id: first, inputs: 'a' }, store)).toBeUndefined();
    expect(await readCurrentBuild(store)).toEqual({ id: first, inputs: 'a', dir: path.join(store, first) });

    const second = newBuildId();
    await fakeBuild(buildDir(second, store));
    expect(await switchCurrentBuild({ id: second, inputs: 'b' }, store)).toBe(first);
    expect((await readCurrentBuild(store))?.id).toBe(second);
    expect((await fs.readdir(store)).filter((name) => name.includes('current'))).toEqual(['current']);
  });

  it('ignores a pointer to a missing or incomplete build, or one that is not a pointer', async () => {
    await fs.writeFile(path.join(store, 'current'), JSON.stringify({ id: 'gone', inputs: 'a' }));
    expect(await readCurrentBuild(store)).toBeUndefined();
    await fs.mkdir(path.join(store, 'half', 'server'), { recursive: true });
    await fs.writeFile(path.join(store, 'current'), JSON.stringify({ id: 'half', inputs: 'a' }));
    expect(await readCurrentBuild(store)).toBeUndefined();
    await fs.writeFile(path.join(store, 'current'), JSON.stringify({ id: '../elsewhere', inputs: 'a' }));
    expect(await readCurrentBuild(store)).toBeUndefined();
    await fs.writeFile(path.join(store, 'current'), 'not json');
    expect(await readCurrentBuild(store)).toBeUndefined();
  });

  it('makes ids that differ within one millisecond and fit the build-id parameter', () => {
    const now = new Date();
    const ids = new Set(Array.from({ length: 50 }, () => newBuildId(now)));
    expect(ids.size).toBeGreaterThan(45);
    for (const id of ids) expect(id).toMatch(/^[\w.-]{1,64}$/);
  });

  it('marks a build in use by this process and takes the mark off again', async () => {
    const dir = await fakeBuild(buildDir('a', store));
    const unmark = await markBuildInUse(dir);
    expect(await fs.readdir(path.join(dir, 'in-use'))).toEqual([String(process.pid)]);
    await unmark();
    expect(await fs.readdir(path.join(dir, 'in-use'))).toEqual([]);
  });

  it('marks nothing in a folder outside the store, and never recreates a removed build', async () => {
    const outside = path.join(store, 'elsewhere');
    await fs.mkdir(outside);
    await (await markBuildInUse(outside))();
    expect(await fs.readdir(outside)).toEqual([]);
    await markBuildInUse(path.join(store, 'removed'));
    expect(await fs.readdir(store)).toEqual(['elsewhere']);
  });

  it('prunes what nothing uses and keeps the current, the previous, the builds in use and the builds in progress', async () => {
    const dead = deadPid();
    await fakeBuild(buildDir('current-one', store));
    await fakeBuild(buildDir('previous-one', store));
    await fakeBuild(buildDir('served', store), { users: [dead, process.pid] });
    await fakeBuild(buildDir('served-by-a-dead-process', store), { users: [dead] });
    await fakeBuild(buildDir('unused', store));
    await fs.mkdir(buildingDir('in-progress', store));
    await fs.mkdir(buildingDir('abandoned', store, dead));
    await fs.writeFile(path.join(store, `.current-${dead}.tmp`), '{}');
    await fs.writeFile(path.join(store, 'current'), '{}');

    const removed = await pruneBuilds(['current-one', 'previous-one'], store);

    expect(removed.sort()).toEqual([`.building-${dead}-abandoned`, `.current-${dead}.tmp`, 'served-by-a-dead-process', 'unused']);
    expect((await fs.readdir(store)).sort()).toEqual(
      [`.building-${process.pid}-in-progress`, 'current', 'current-one', 'previous-one', 'served'].sort(),
    );
  });

  it('prunes nothing in a store that does not exist yet', async () => {
    expect(await pruneBuilds([], path.join(store, 'none'))).toEqual([]);
  });
});
