import { describe, expect, it } from 'vitest';
import { WORKER_OLD_SPACE_MB, workerEnv, workerExecArgv } from '../scripts/cluster-primary.js';

describe("a cluster worker's Node options and environment", () => {
  it("drops tsx's hooks, keeps the other options, and adds the old-generation limit", () => {
    expect(workerExecArgv(['--require', '/tsx/preflight.cjs', '--import', 'file:///tsx/loader.mjs', '--enable-source-maps'], '')).toEqual([
      '--enable-source-maps',
      `--max-old-space-size=${WORKER_OLD_SPACE_MB}`,
    ]);
    expect(workerExecArgv(['--import=tsx', '--loader=tsx', '--experimental-loader=tsx', '-r', 'x'], '')).toEqual([`--max-old-space-size=${WORKER_OLD_SPACE_MB}`]);
  });

  it("leaves the old-generation limit to the operator's when one is set, in NODE_OPTIONS or node's options", () => {
    expect(workerExecArgv([], '--max-old-space-size=1024')).toEqual([]);
    expect(workerExecArgv([], '--inspect --max_old_space_size=2048')).toEqual([]);
    expect(workerExecArgv(['--max-old-space-size=900'], '')).toEqual(['--max-old-space-size=900']);
  });

  it("sets glibc's malloc to two arenas unless the operator chose a number", () => {
    expect(workerEnv({})).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(workerEnv({ MALLOC_ARENA_MAX: '8' })).toEqual({});
  });
});
