import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../../test/accounts.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { transactorOf } from '../../modules.js';
import { DatabaseFileStore } from './file-store.js';

let t: TestApp;
let store: DatabaseFileStore;
beforeAll(async () => {
  t = await createTestApp();
  store = new DatabaseFileStore(transactorOf(t.database.db));
});
afterAll(async () => {
  await t.close();
});

describe('the database file store', () => {
  it('keeps bytes with their type under a new key, and deletes only the owner\'s file', async () => {
    const owner = (await registerMember(t.app)).user.id;
    const other = (await registerMember(t.app)).user.id;
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const key = await store.put({ bytes, contentType: 'image/png', ownerId: owner, extension: 'png' });
    expect(key).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await store.get(key)).toEqual({ contentType: 'image/png', bytes });
    expect(await store.isOwnedBy(key, owner)).toBe(true);
    expect(await store.isOwnedBy(key, other)).toBe(false);

    await store.delete(key, other);
    expect(await store.get(key)).toBeDefined();
    await store.delete(key, owner);
    expect(await store.get(key)).toBeUndefined();
    expect(await store.get('no-such-file.png')).toBeUndefined();
  });

  it('writes in the caller\'s transaction: nothing is kept when it rolls back', async () => {
    const owner = (await registerMember(t.app)).user.id;
    let key = '';
    await expect(
      transactorOf(t.database.db).transaction(async (repositories) => {
        key = await store.put({ bytes: Buffer.from('x'), contentType: 'image/webp', ownerId: owner, extension: 'webp' }, repositories);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(key).not.toBe('');
    expect(await store.get(key)).toBeUndefined();
  });
});
