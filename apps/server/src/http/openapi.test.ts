import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, endpoints, routeOf, type ApiOperation, type EndpointSpec } from '@fuliaotong/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, unknown>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

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

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI (swagger-parser)', async () => {
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('lists exactly the operations of the endpoint table, each with its operationId, Chinese summary and tag', () => {
    const listed = operationsOf(document);
    const expected = (Object.keys(apiPaths) as ApiOperation[]).map((operation) => {
      const { method, path } = routeOf(operation);
      return `${method} ${path.replace(/:(\w+)/g, '{$1}')} ${operation}`;
    });
    expect(listed.map(({ path, method, operation }) => `${method} ${path} ${operation.operationId}`).sort()).toEqual(expected.sort());
    for (const { operation } of listed) {
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
