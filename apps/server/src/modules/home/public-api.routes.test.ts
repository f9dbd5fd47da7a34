import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REGISTRATION_COUNT_CAP } from '@fuliaotong/contracts';
import { parsed } from '../../../test/responses.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The public information API: open to everyone, personalised for a signed-in caller. */
const PUBLIC_GETS = [
  '/api/app/excipient',
  '/api/app/excipient/facets',
  '/api/app/excipient/{id}',
  '/api/app/excipient/{id}/document/{docId}',
  '/api/app/registration',
  '/api/app/registration/{id}',
  '/api/app/database',
  '/api/app/database/{code}/records',
  '/api/app/database/{code}/records/{id}',
  '/api/app/regulation',
  '/api/app/regulation/{id}',
  '/api/app/news',
  '/api/app/news/{id}',
  '/api/app/search',
  '/api/app/home',
];

describe('OpenAPI document', () => {
  it('builds, and describes every public information and favorite route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    // The OpenAPI document is no contract body: a schema of the parts read here.
    const document = parsed(
      response,
      z.object({
        paths: z.record(z.string(), z.record(z.string(), z.unknown())),
        components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
      }),
    );
    for (const path of PUBLIC_GETS) expect(document.paths[path]?.get, path).toBeDefined();
    expect(Object.keys(document.paths['/api/app/favorite'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(document.paths['/api/app/favorite/{id}']?.delete).toBeDefined();
    for (const schema of ['ExcipientDetail', 'RegistrationDetail', 'SearchResult', 'FavoritePage', 'HomeData', 'Locked']) {
      expect(document.components.schemas[schema], schema).toBeDefined();
    }
    // Capped counts are part of the contract.
    expect(JSON.stringify(document.components.schemas.RegistrationPage)).toContain(String(REGISTRATION_COUNT_CAP));
    // Crawler files are not part of the API.
    expect(document.paths['/sitemap.xml']).toBeUndefined();
  });
});

describe('public routes', () => {
  it('answer anonymous callers, and callers with a bad token as anonymous ones', async () => {
    for (const url of ['/api/app/excipient', '/api/app/registration', '/api/app/database', '/api/app/regulation', '/api/app/news', '/api/app/home', '/api/app/search?q=x']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      const bad = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer not.a.token' } });
      expect(bad.statusCode, url).toBe(200);
    }
  });
});
