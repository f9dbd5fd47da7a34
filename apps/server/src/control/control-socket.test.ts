import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  askControlSocket,
  ControlChannelError,
  controlSocketPath,
  openControlSocket,
  type ControlAnswer,
  type ControlServer,
} from './control-socket.js';

/** The control channel's socket on its own: who may open it, and what it answers to bad lines. */

let dataDir: string;
let server: ControlServer | undefined;
const failures: unknown[] = [];
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-control-'));
  failures.length = 0;
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const echo = async (request: unknown): Promise<ControlAnswer> => {
  if ((request as { fail?: boolean }).fail) throw new Error('handler failed');
  return { ok: true, answer: request };
};
const open = async () => (server = await openControlSocket({ dataDir, handle: echo, onError: (error) => failures.push(error) }));

/** Sends raw bytes and answers what came back. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection({ path: controlSocketPath(dataDir) });
    let received = '';
    connection.on('connect', () => connection.write(bytes));
    connection.on('data', (chunk) => (received += chunk.toString()));
    connection.on('end', () => resolve(received));
    connection.on('error', reject);
  });
}

describe('control socket', () => {
  it('is a socket of mode 0600 in DATA_DIR, answers a line of JSON with a line of JSON, and is gone once closed', async () => {
    await open();
    const stat = await fs.lstat(controlSocketPath(dataDir));
    expect(stat.isSocket()).toBe(true);
    expect((stat.mode & 0o777).toString(8)).toBe('600');
    expect(await askControlSocket(dataDir, { command: 'ping', text: '管理员' })).toEqual({
      ok: true,
      answer: { command: 'ping', text: '管理员' },
    });
    await server!.close();
    server = undefined;
    await expect(fs.lstat(controlSocketPath(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses lines that are not JSON or too long, and reports a failing handler without its details', async () => {
    await open();
    expect(JSON.parse(await raw('not json\n'))).toEqual({ ok: false, message: '请求不是一行 JSON' });
    expect(JSON.parse(await raw('x'.repeat(20_000)))).toEqual({ ok: false, message: '请求过长' });
    expect(await askControlSocket(dataDir, { fail: true })).toEqual({ ok: false, message: '服务器处理请求时出错，详见服务器日志' });
    expect(failures).toHaveLength(1);
  });

  it('replaces a socket left by a server that crashed, and leaves anything else alone', async () => {
    const stale = net.createServer();
    await new Promise<void>((resolve) => stale.listen(controlSocketPath(dataDir), resolve));
    // A crash leaves the file behind: close the handle without removing it.
    (stale as unknown as { _handle: { close(): void } })._handle.close();
    await open();
    expect(await askControlSocket(dataDir, { n: 1 })).toEqual({ ok: true, answer: { n: 1 } });
    await server!.close();
    server = undefined;

    await fs.writeFile(controlSocketPath(dataDir), 'not a socket');
    await expect(open()).rejects.toThrow(ControlChannelError);
    expect(await fs.readFile(controlSocketPath(dataDir), 'utf8')).toBe('not a socket');
  });

  it('is not opened in a folder everyone may write to', async () => {
    await fs.chmod(dataDir, 0o777);
    await expect(open()).rejects.toThrow('所有用户都可写入');
  });

  it('is not used by the tools when others could use it or put it there: a wider mode, another owner, a folder everyone may write to', async () => {
    await open();
    const socket = controlSocketPath(dataDir);
    await fs.chmod(socket, 0o666);
    await expect(askControlSocket(dataDir, {})).rejects.toThrow('权限为 666');
    await fs.chmod(socket, 0o600);
    await fs.chmod(dataDir, 0o777);
    await expect(askControlSocket(dataDir, {})).rejects.toThrow('所有用户都可写入');
    await fs.chmod(dataDir, 0o700);
    // Changing the owner needs root (the machines that run the tests run as root; elsewhere this part is skipped).
    if (process.getuid?.() === 0) {
      await fs.chown(socket, 65534, 65534);
      await expect(askControlSocket(dataDir, {})).rejects.toThrow('不属于当前用户');
      await fs.chown(socket, 0, 0);
      await fs.chown(dataDir, 65534, 65534);
      await expect(askControlSocket(dataDir, {})).rejects.toThrow(`数据目录 ${dataDir} 不属于当前用户`);
      await fs.chown(dataDir, 0, 0);
    }
    expect(await askControlSocket(dataDir, { n: 2 })).toEqual({ ok: true, answer: { n: 2 } });
  });

  it('says there is no channel when nothing listens', async () => {
    await expect(askControlSocket(dataDir, {})).rejects.toThrow('没有找到运行中服务器的控制通道');
  });
});
