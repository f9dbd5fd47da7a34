import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `数据目录 ${dataDir} 正被另一个进程使用 (the data directory is locked by another running server). ` +
        'Stop that process, or point DATA_DIR at another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes an exclusive lock on the embedded database folder, so that a second process cannot open
 * (and corrupt) it. The lock is refreshed while held and considered stale after a crash.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      stale: 10_000,
      update: 2_000,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
