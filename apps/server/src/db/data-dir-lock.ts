import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid?: number,
  ) {
    super(
      `数据目录 ${dataDir} 正被另一个进程使用${ownerPid ? `（进程 ${ownerPid}）` : ''} (the data directory is locked by another running server). ` +
        'Stop that process, or point DATA_DIR at another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Who holds the lock: a process is its pid and the moment it started, so that a reused pid is not taken for it. */
interface LockOwner {
  pid: number;
  started: string;
}

const LOCK_FILE = 'server.lock';
/** Held only while one process decides that a lock is stale and replaces it. */
const TAKEOVER_FILE = 'server.lock.takeover';
/** A takeover file, or a lock naming no owner, older than this was left by a process that died. */
const STALE_UNNAMED_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long ago the file was last written; infinite when it is gone. */
async function ageOf(file: string): Promise<number> {
  return fs.stat(file).then((stat) => Date.now() - stat.mtimeMs, () => Number.POSITIVE_INFINITY);
}

/**
 * Takes an exclusive lock on the embedded database folder, so that a second process cannot open (and
 * corrupt) it (docs/decisions/0055). The lock file names its owner's pid and the time that process
 * started: a lock whose owner is gone — a crash, a `kill -9`, a container restarted with the same pid for
 * another process — is taken over at once, while a live owner's lock is refused at once.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, started: await processStart(process.pid) ?? 'unknown' };
  for (let attempt = 0; ; attempt++) {
    if (await createLock(lockPath, me)) break;
    const owner = await readOwner(lockPath);
    if (owner && (await isRunning(owner))) throw new DataDirLockedError(dataDir, owner.pid);
    if (attempt >= 20) throw new DataDirLockedError(dataDir);
    // A lock that names no owner yet is being written, or is an older version's lock folder, which its
    // live owner touched every 2 s: wait while it is fresh.
    if (!owner && (await ageOf(lockPath)) < STALE_UNNAMED_MS) await sleep(100);
    else await replaceStaleLock(dataDir, lockPath, owner);
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    const owner = await readOwner(lockPath);
    if (owner && owner.pid === me.pid && owner.started === me.started) await fs.rm(lockPath, { force: true });
  };
}

async function createLock(lockPath: string, owner: LockOwner): Promise<boolean> {
  try {
    await fs.writeFile(lockPath, `${JSON.stringify(owner)}\n`, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The lock's owner, or undefined for a lock that names none (an unreadable file, or an older version's lock folder). */
async function readOwner(lockPath: string): Promise<LockOwner | undefined> {
  try {
    const owner = JSON.parse(await fs.readFile(lockPath, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.started === 'string' ? { pid: owner.pid, started: owner.started } : undefined;
  } catch {
    return undefined;
  }
}

async function isRunning(owner: LockOwner): Promise<boolean> {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the pid runs under another user, so it is some process; its start time decides below.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const started = await processStart(owner.pid);
  // Where the start time cannot be read, a live pid counts as the owner: refusing is the safe side.
  return started === undefined || owner.started === 'unknown' || started === owner.started;
}

/**
 * Removes a stale lock, one process at a time: the takeover file makes "is it still the same stale
 * lock? then remove it" one step, so that two processes starting together cannot both take over.
 */
async function replaceStaleLock(dataDir: string, lockPath: string, stale: LockOwner | undefined): Promise<void> {
  const takeoverPath = path.join(dataDir, TAKEOVER_FILE);
  try {
    await fs.writeFile(takeoverPath, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if ((await ageOf(takeoverPath)) > STALE_UNNAMED_MS) await fs.rm(takeoverPath, { force: true });
    else await sleep(100);
    return;
  }
  try {
    const current = await readOwner(lockPath);
    const same = current?.pid === stale?.pid && current?.started === stale?.started;
    if (same) await fs.rm(lockPath, { recursive: true, force: true });
  } finally {
    await fs.rm(takeoverPath, { force: true });
  }
}

/**
 * When a process started, as the operating system counts it: on Linux the start time in clock ticks
 * since boot, with the boot's id (/proc); elsewhere what `ps` prints. Undefined when it cannot be read.
 */
async function processStart(pid: number): Promise<string | undefined> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 22 is the start time; field 2, the command, is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const boot = (await fs.readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '')).trim();
    return `${boot}:${fields[19]}`;
  } catch {
    try {
      const { stdout } = await promisify(execFile)('ps', ['-o', 'lstart=', '-p', String(pid)]);
      return stdout.trim() || undefined;
    } catch {
      return undefined;
    }
  }
}
