import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort, repoRoot } from './production-server.js';
import { accepts, startService } from './service-process.js';

/**
 * Debian's nginx in front of a running app, with the site configuration operators copy
 * (deploy/nginx.conf, docs/decisions/0058) rendered for a test: its ports, a self-signed certificate
 * made with openssl, a cache folder of its own, the app's port as the upstream. nginx runs in the
 * foreground as a child process, with its pid, logs and temporary files in a folder of its own.
 * Used by test/nginx-proxy.test.ts and the proxy benchmark.
 */

const run = promisify(execFile);

/** The name the test's certificate is made for and the site configuration is rendered with. */
export const SERVER_NAME = 'fuliaotong.test';
export const siteConfigFile = path.join(repoRoot, 'deploy', 'nginx.conf');

/** nginx's executable, or undefined when it is not installed (Debian: apt-get install nginx-light). */
export function nginxBinary(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => path.join(dir, 'nginx')).find((file) => existsSync(file));
}

export interface SiteValues {
  httpPort: number;
  httpsPort: number;
  appPort: number;
  certificate: string;
  key: string;
  cacheDir: string;
  acmeDir: string;
}

/**
 * The site configuration with the test's values in place of what an operator changes (name, certificate,
 * upstream) and of what a machine's nginx has (ports on all interfaces, IPv6, /var paths). Every text
 * replaced must be there, so a change of deploy/nginx.conf that the test would no longer render fails here.
 */
export function renderSiteConfig(template: string, values: SiteValues): string {
  const replacements: Array<[string | RegExp, string]> = [
    [/^\s*listen \[::\]:(80|443)[^;]*;\n/gm, ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${values.httpsPort} ssl http2;`],
    ['listen 80;', `listen 127.0.0.1:${values.httpPort};`],
    ['server_name www.example.com;', `server_name ${SERVER_NAME};`],
    ['/etc/ssl/certs/fuliaotong.pem', values.certificate],
    ['/etc/ssl/private/fuliaotong.key', values.key],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${values.appPort};`],
    ['/var/cache/nginx/fuliaotong', values.cacheDir],
    ['root /var/www/html;', `root ${values.acmeDir};`],
  ];
  let text = template;
  for (const [from, to] of replacements) {
    const found = typeof from === 'string' ? text.includes(from) : from.test(text);
    if (!found) throw new Error(`deploy/nginx.conf no longer contains ${String(from)}: update the test's rendering`);
    text = typeof from === 'string' ? text.replaceAll(from, to) : text.replace(from, to);
  }
  return text;
}

/** A self-signed certificate for SERVER_NAME and 127.0.0.1 (EC P-256, two days), made with openssl. */
export async function makeCertificate(dir: string): Promise<{ certificate: string; key: string; pem: Buffer }> {
  const certificate = path.join(dir, 'site.pem');
  const key = path.join(dir, 'site.key');
  await run('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', `/CN=${SERVER_NAME}`, '-addext', `subjectAltName=DNS:${SERVER_NAME},IP:127.0.0.1`,
    '-keyout', key, '-out', certificate,
  ]);
  return { certificate, key, pem: await fs.readFile(certificate) };
}

export interface NginxProxy {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  /** `http://127.0.0.1:<port>`: the server that redirects to https. */
  plainOrigin: string;
  /** The certificate nginx presents (to trust it as the authority). */
  ca: Buffer;
  dir: string;
  /** What nginx wrote to its error log (stderr) so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts nginx with the site configuration in front of the app on `appPort` and waits until it accepts
 * TLS connections. Run as root, its workers run as root too (`user root root;`): the test's files are
 * nobody else's. `nginx -t` checks the configuration first; its complaint is the error.
 */
export async function startNginx(options: { appPort: number }): Promise<NginxProxy> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-nginx-'));
  const [httpPort, httpsPort] = [await findFreePort(), await findFreePort()];
  const { certificate, key, pem } = await makeCertificate(dir);
  for (const sub of ['cache', 'acme', 'temp']) await fs.mkdir(path.join(dir, sub));
  const site = renderSiteConfig(await fs.readFile(siteConfigFile, 'utf8'), {
    httpPort,
    httpsPort,
    appPort: options.appPort,
    certificate,
    key,
    cacheDir: path.join(dir, 'cache'),
    acmeDir: path.join(dir, 'acme'),
  });
  await fs.writeFile(path.join(dir, 'site.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  // What Debian's /etc/nginx/nginx.conf holds around the site (sites-enabled is included in `http`),
  // with its paths in the test's folder, and `gzip on` as Debian has it (the site turns it off).
  const main = [
    'daemon off;',
    'master_process on;',
    'worker_processes 2;',
    process.getuid?.() === 0 ? 'user root root;' : '',
    `pid ${path.join(dir, 'nginx.pid')};`,
    'error_log stderr notice;',
    'events { worker_connections 512; }',
    'http {',
    '  sendfile on;',
    '  tcp_nopush on;',
    '  types_hash_max_size 2048;',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log ${path.join(dir, 'access.log')};`,
    '  gzip on;',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    `  include ${path.join(dir, 'site.conf')};`,
    '}',
    '',
  ].join('\n');
  const mainFile = path.join(dir, 'nginx.conf');
  await fs.writeFile(mainFile, main);
  const args = ['-p', dir, '-e', 'stderr', '-c', mainFile];
  try {
    await run(binary, ['-t', ...args]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    await fs.rm(dir, { recursive: true, force: true });
    throw new Error(`nginx -t refused the rendered configuration:\n${stderr}\n--- site.conf ---\n${site}`, { cause: error });
  }
  // SIGTERM stops nginx at once (SIGQUIT would wait for open connections).
  const { output, stop } = await startService({
    name: `nginx (TLS on ${httpsPort})`,
    binary,
    args,
    dir,
    ready: () => accepts(httpsPort, { ca: pem, servername: SERVER_NAME }),
  });
  return { origin: `https://127.0.0.1:${httpsPort}`, plainOrigin: `http://127.0.0.1:${httpPort}`, ca: pem, dir, output, stop };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every header line as sent, names in lower case (to count repeated ones). */
  lines: Array<[string, string]>;
  body: Buffer;
  text(): string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The certificate to trust (https). */
  ca?: Buffer;
  /** The address this end of the connection binds to (127.0.0.2, …: another client on this machine). */
  localAddress?: string;
}

/** One request over http or https (a connection of its own), the body read whole and left as sent (no decoding). */
export function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
        ...(target.protocol === 'https:' ? { ca: options.ca, servername: SERVER_NAME } : {}),
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const lines: Array<[string, string]> = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2) lines.push([response.rawHeaders[i]!.toLowerCase(), response.rawHeaders[i + 1]!]);
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, lines, body, text: () => body.toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
