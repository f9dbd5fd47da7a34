import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { apiPaths, routeOf, type ApiOperation } from '@fuliaotong/contracts';

/**
 * Checks of the OpenAPI document (`/api/docs/json`) as clients receive it, shared by the test of the
 * document built from the sources (src/http/openapi.test.ts) and the smoke test of the production
 * server (test/production-smoke.test.ts).
 */

export interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, unknown>;
}
export type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

export const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );

/** `METHOD /path/{param} operationId` of every operation of the endpoint table, sorted. */
export function tableOperations(): string[] {
  return (Object.keys(apiPaths) as ApiOperation[])
    .map((operation) => {
      const { method, path } = routeOf(operation);
      return `${method} ${path.replace(/:(\w+)/g, '{$1}')} ${operation}`;
    })
    .sort();
}

/** The same line for every operation the document lists, sorted. */
export function listedOperations(doc: OpenApiDocument): string[] {
  return operationsOf(doc)
    .map(({ path, method, operation }) => `${method} ${path} ${operation.operationId}`)
    .sort();
}

/** Whatever swagger-parser finds wrong with the document (validation against the OpenAPI schema and its refs); none is undefined. */
export async function swaggerParserProblem(doc: OpenApiDocument): Promise<string | undefined> {
  try {
    // validate() dereferences in place: give it a copy.
    await SwaggerParser.validate(structuredClone(doc) as never);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The errors of Redocly's `recommended` rule set (what `redocly lint` reports by default), each as
 * `rule: message at pointer`; warnings are left out.
 */
export async function redoclyErrors(doc: OpenApiDocument): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
  return problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location.map((place) => place.pointer).join(', ')}`);
}
