import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, Locked, type ApiOperation, type EndpointSpec } from '@fuliaotong/contracts';
import {
  listedOperations,
  operationsOf,
  redoclyErrors,
  swaggerParserProblem,
  tableOperations,
  type OpenApiDocument as Document,
} from '../../test/openapi-document.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI (swagger-parser)', async () => {
    expect(await swaggerParserProblem(document)).toBeUndefined();
  });

  it("has no error under Redocly's recommended rules (public operations say security [], nullable schemas have a type)", async () => {
    expect(await redoclyErrors(document)).toEqual([]);
  });

  it('lists exactly the operations of the endpoint table, each with its operationId, Chinese summary and tag', () => {
    expect(listedOperations(document)).toEqual(tableOperations());
    for (const { operation } of operationsOf(document)) {
      expect(operation.summary).toMatch(/[\u4e00-\u9fff]/);
      expect(operation.tags).toHaveLength(1);
      expect(operation.tags![0]).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('declares bearer security for every signed-in and staff operation, and every path parameter', () => {
    for (const { path, operation } of operationsOf(document)) {
      const spec: EndpointSpec = endpoints[operation.operationId as ApiOperation];
      const needsToken = spec.access !== 'public' && spec.access !== 'optional';
      if (needsToken) expect(operation.security, operation.operationId).toEqual([{ bearer: [] }]);
      if (spec.access === 'public') expect(operation.security, operation.operationId).toEqual([]);
      if (needsToken) expect(Object.keys(operation.responses), operation.operationId).toContain('401');
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort();
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(declared, operation.operationId).toEqual(inPath);
      // Every operation documents at least one 4xx answer or is a plain public read.
      if (spec.params || spec.query || spec.body) expect(Object.keys(operation.responses), operation.operationId).toContain('400');
    }
  });

  it('generates TypeScript types (openapi-typescript) without errors', async () => {
    const ast = await openapiTS(structuredClone(document) as never);
    const source = astToString(ast);
    expect(source).toContain('sampleCartList');
    expect(source).toContain('"/api/app/sample/sample-cart-list"');
  });
});

describe('the OpenAPI document beside another copy of the contracts', () => {
  // The web app's server bundle carries its own copy of the schemas its forms check, and zod keeps one
  // registry per process: a second schema with a component's id is registered before the document is made.
  let copy: z.ZodType | undefined;
  let other: TestApp | undefined;
  afterAll(async () => {
    if (copy) z.globalRegistry.remove(copy);
    z.globalRegistry.add(Locked, z.globalRegistry.get(Locked)!);
    await other?.close();
  });

  it('is made from the endpoint table\'s own schemas, whatever else the process registered', async () => {
    copy = z.object({ copy: z.string() }).meta({ id: 'Locked' });
    other = await createTestApp();
    const response = await other.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode, response.body).toBe(200);
    const made = response.json<Document & { components: { schemas: Record<string, { properties?: object }> } }>();
    expect(Object.keys(made.components.schemas.Locked!.properties ?? {})).not.toContain('copy');
    expect(listedOperations(made)).toEqual(tableOperations());
  });
});
