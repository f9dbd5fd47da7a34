import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The key that signs session tokens: JWT_SECRET when set, otherwise 256 random bits generated on the
 * first start and kept in DATA_DIR (readable by the owner only), so that restarts keep sessions valid.
 */
export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, JWT_SECRET_FILE);
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored.length >= 64) return Buffer.from(stored, 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32);
  await fs.mkdir(dataDir, { recursive: true });
  // 'wx' fails if another process created it meanwhile; then its secret wins.
  try {
    await fs.writeFile(file, secret.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'hex');
  }
}
