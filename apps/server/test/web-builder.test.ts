import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webInputsFingerprint } from '../scripts/web-builder.js';

/** The fingerprint `npm start` compares to decide whether the current web build is still up to date. */

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-inputs-'));
  const files: Record<string, string> = {
    'apps/web/app/root.tsx': 'export default 1;\n',
    'apps/web/vite.config.ts': 'export default {};\n',
    'packages/client/src/index.ts': 'export const c = 1;\n',
    'packages/contracts/src/index.ts': 'export const a = 1;\n',
    'package.json': '{}',
    'package-lock.json': '{}',
  };
  for (const [file, content] of Object.entries(files)) await write(file, content);
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

async function write(file: string, content: string) {
  await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await fs.writeFile(path.join(root, file), content);
}

describe('web build inputs', () => {
  it('stay the same while nothing the build reads changes', async () => {
    const before = await webInputsFingerprint(root, {});
    await write('apps/web/builds/x/server/index.js', 'built');
    await write('apps/web/build/client/a.js', 'built');
    await write('apps/web/.react-router/types/a.ts', 'generated');
    await write('apps/web/node_modules/dep/index.js', 'installed');
    await write('apps/server/src/main.ts', 'server only');
    expect(await webInputsFingerprint(root, { PORT: '1', DATABASE_URL: 'postgres://x' })).toBe(before);
  });

  it.each([
    ['a page is edited', () => write('apps/web/app/root.tsx', 'export default 2;\n')],
    ['a file is added to the web app', () => write('apps/web/app/routes/new.tsx', '')],
    ['a local .env file appears', () => write('apps/web/.env', 'VITE_A=1')],
    ['the API client changes', () => write('packages/client/src/index.ts', 'export const c = 2;\n')],
    ['a contract changes', () => write('packages/contracts/src/index.ts', 'export const a = 2;\n')],
    ['the dependencies change', () => write('package-lock.json', '{"v":2}')],
    ['a file is renamed', () => fs.rename(path.join(root, 'apps/web/app/root.tsx'), path.join(root, 'apps/web/app/root2.tsx'))],
  ])('change when %s', async (_what, change) => {
    const before = await webInputsFingerprint(root, {});
    await change();
    expect(await webInputsFingerprint(root, {})).not.toBe(before);
  });

  it('change with a VITE_ variable', async () => {
    expect(await webInputsFingerprint(root, { VITE_API: 'a' })).not.toBe(await webInputsFingerprint(root, {}));
  });
});
