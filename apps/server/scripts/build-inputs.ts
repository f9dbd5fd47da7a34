/**
 * The fingerprint of a build's inputs: what `npm start` compares with the one recorded beside a build
 * to decide whether the build is still up to date (the web build, docs/decisions/0018; the compiled
 * server, docs/decisions/0031).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface BuildInputs {
  /** Part of the fingerprint: bump it when the build changes in a way the files do not show. */
  version: string;
  /** Every file below each folder (dotfiles included), except the sub-folders named in `skip` at its top level. */
  folders: Array<{ dir: string; skip: string[] }>;
  /** Single files (a missing one counts as missing). */
  files: string[];
  /** Environment variables that reach the build (their names and values). */
  envPrefix?: string;
  /** Files left out wherever they are (e.g. tests, which no build reads). */
  ignore?: (file: string) => boolean;
}

async function listFiles(root: string, relative: string, skip: string[], into: string[]): Promise<void> {
  const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries) {
    const name = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!skip.includes(entry.name)) await listFiles(root, name, [], into);
    } else if (entry.isFile()) {
      into.push(name);
    }
  }
}

/** A SHA-256 over the inputs' names and contents (and the variables); equal fingerprints build the same. */
export async function inputsFingerprint(inputs: BuildInputs, root: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const files: string[] = [];
  for (const { dir, skip } of inputs.folders) await listFiles(root, dir, skip, files);
  for (const file of inputs.files) {
    try {
      await fs.access(path.join(root, file));
      files.push(file);
    } catch {
      // not in this checkout: its absence is part of the fingerprint
    }
  }
  const chosen = files.filter((file) => !inputs.ignore?.(file)).sort();
  const hash = createHash('sha256').update(`fingerprint ${inputs.version}\n`);
  for (const file of chosen) {
    const content = await fs.readFile(path.join(root, file));
    hash.update(`${file}\n${createHash('sha256').update(content).digest('hex')}\n`);
  }
  const prefix = inputs.envPrefix;
  if (prefix) {
    for (const name of Object.keys(env).filter((n) => n.startsWith(prefix)).sort()) hash.update(`env ${name}=${env[name]}\n`);
  }
  return hash.digest('hex');
}
