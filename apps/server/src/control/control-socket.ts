import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The control channel of a server on the embedded database (docs/decisions/0047): a Unix socket in
 * DATA_DIR that only the user the server runs as can open (mode 0600, in a folder of that user's that
 * not everyone may write to), never a TCP port nor an HTTP route. The command-line tools reach a running server through it,
 * since the server holds the database alone. One request per connection, a line of JSON each way:
 *
 *   → {"command":"grant-staff", ...}\n   or   {"command":"backup","dir":"/abs/path"}\n
 *   ← {"ok":true,"answer":{...}}\n   or   {"ok":false,"message":"..."}\n
 */

export const CONTROL_SOCKET_NAME = 'control.sock';
/** A request line longer than this is refused (a request is a few hundred bytes). */
const MAX_LINE = 16 * 1024;
/** A connection that has not sent its line by then is closed. */
const IDLE_MS = 10_000;
/** Room a Unix socket's path has (sun_path: 108 bytes with the terminating zero). */
const MAX_SOCKET_PATH = 107;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET_NAME);
}

/** The channel cannot be used safely, or at all; the message says why (Chinese, for the operator). */
export class ControlChannelError extends Error {}

export type ControlAnswer = { ok: true; answer: unknown } | { ok: false; message: string };

/**
 * Why `dataDir` cannot hold the channel safely, or undefined when it can: the folder must belong to this
 * process's user and not be writable by everyone (whoever can write to it could put a socket of their
 * own in its place and read what the tools send, passwords included). A folder its group may write to
 * is accepted: with a umask of 002 (user private groups) that group is the user's own.
 */
export function unsafeFolder(dataDir: string): string | undefined {
  const stat = fs.statSync(dataDir);
  if (process.getuid && stat.uid !== process.getuid()) return `数据目录 ${dataDir} 不属于当前用户`;
  if ((stat.mode & 0o002) !== 0) return `数据目录 ${dataDir} 所有用户都可写入（权限 ${(stat.mode & 0o777).toString(8)}），请执行 chmod o-w`;
  return undefined;
}

export interface ControlServer {
  path: string;
  close(): Promise<void>;
}

/**
 * Opens the channel in `dataDir`, which the caller holds (the data-directory lock): a socket left there
 * by a server that crashed is removed first. Each request line is parsed as JSON and handed to `handle`,
 * whose answer goes back; a failure of `handle` goes to `onError` and is answered with a general message.
 */
export async function openControlSocket(options: {
  dataDir: string;
  handle: (request: unknown) => Promise<ControlAnswer>;
  onError: (error: unknown) => void;
}): Promise<ControlServer> {
  const socketPath = controlSocketPath(options.dataDir);
  if (process.platform === 'win32') throw new ControlChannelError('Windows 上没有控制通道');
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new ControlChannelError(
      `控制通道的路径 ${socketPath} 过长（Unix socket 最多 ${MAX_SOCKET_PATH} 字节），请把 DATA_DIR 放在更短的路径下`,
    );
  }
  const unsafe = unsafeFolder(options.dataDir);
  if (unsafe) throw new ControlChannelError(unsafe);
  const left = fs.lstatSync(socketPath, { throwIfNoEntry: false });
  if (left && !left.isSocket()) throw new ControlChannelError(`${socketPath} 已存在且不是 socket，请移走它`);
  if (left) fs.unlinkSync(socketPath);

  const server = net.createServer({ allowHalfOpen: false }, (connection) => serve(connection, options.handle, options.onError));
  const listening = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Created 0600 from the start, leaving no moment in which others could connect (a Unix socket is bound
  // within listen() in a process that is not a cluster worker), then made sure of.
  const umask = process.umask(0o177);
  try {
    server.listen({ path: socketPath, readableAll: false, writableAll: false });
  } finally {
    process.umask(umask);
  }
  await listening;
  fs.chmodSync(socketPath, 0o600);
  server.on('error', options.onError);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        // Removes the socket file too.
        server.close(() => resolve());
      }),
  };
}

function serve(connection: net.Socket, handle: (request: unknown) => Promise<ControlAnswer>, onError: (error: unknown) => void) {
  let buffered = '';
  let answered = false;
  const answer = (value: ControlAnswer) => {
    if (answered) return;
    answered = true;
    connection.end(`${JSON.stringify(value)}\n`);
  };
  connection.setEncoding('utf8');
  connection.setTimeout(IDLE_MS, () => connection.destroy());
  connection.on('error', () => connection.destroy());
  connection.on('data', (chunk: string) => {
    if (answered) return;
    buffered += chunk;
    const end = buffered.indexOf('\n');
    if (end < 0) {
      if (buffered.length > MAX_LINE) answer({ ok: false, message: '请求过长' });
      return;
    }
    // The request is in: its work may take long (a backup of a large database), the connection waits for it.
    connection.setTimeout(0);
    let request: unknown;
    try {
      request = JSON.parse(buffered.slice(0, end));
    } catch {
      answer({ ok: false, message: '请求不是一行 JSON' });
      return;
    }
    handle(request).then(answer, (error: unknown) => {
      onError(error);
      answer({ ok: false, message: '服务器处理请求时出错，详见服务器日志' });
    });
  });
}

/**
 * Sends one request to the server running on `dataDir` and answers its answer. Refuses a socket that
 * another user could have put there or could use (not ours, not 0600, in a folder others may write
 * to): the request may carry a password.
 */
export async function askControlSocket(dataDir: string, request: unknown, timeoutMs = 30_000): Promise<ControlAnswer> {
  const socketPath = controlSocketPath(dataDir);
  const stat = fs.lstatSync(socketPath, { throwIfNoEntry: false });
  if (!stat) throw new ControlChannelError(`没有找到运行中服务器的控制通道 ${socketPath}`);
  if (!stat.isSocket()) throw new ControlChannelError(`${socketPath} 不是 socket`);
  if (process.getuid && stat.uid !== process.getuid()) {
    throw new ControlChannelError(`控制通道 ${socketPath} 不属于当前用户：请以运行服务器的用户执行此命令`);
  }
  if ((stat.mode & 0o077) !== 0) {
    throw new ControlChannelError(
      `控制通道 ${socketPath} 的权限为 ${(stat.mode & 0o777).toString(8)}，其他用户也能使用，已拒绝（应为 600）`,
    );
  }
  const unsafe = unsafeFolder(dataDir);
  if (unsafe) throw new ControlChannelError(unsafe);

  return new Promise<ControlAnswer>((resolve, reject) => {
    const connection = net.createConnection({ path: socketPath });
    let received = '';
    connection.setEncoding('utf8');
    connection.setTimeout(timeoutMs, () => {
      connection.destroy();
      reject(new ControlChannelError('运行中的服务器没有回答'));
    });
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk: string) => (received += chunk));
    connection.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ECONNREFUSED' || error.code === 'ENOENT'
          ? new ControlChannelError(`控制通道 ${socketPath} 无人应答（服务器可能已停止或仍在启动）`)
          : error,
      );
    });
    connection.on('end', () => {
      const line = received.split('\n')[0] ?? '';
      try {
        const parsed = JSON.parse(line) as ControlAnswer;
        resolve(parsed);
      } catch {
        reject(new ControlChannelError('运行中的服务器的回答无法识别'));
      }
    });
  });
}
