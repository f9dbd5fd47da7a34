import { createRequire } from 'node:module';
import { resolveRegion, type RegionNode } from '@fuliaotong/contracts';

let tree: RegionNode[] | undefined;

/** Names of a province/city/district code path from the shared division data, or null if it is not one. */
export function regionNames(codes: string[]): string[] | null {
  tree ??= createRequire(import.meta.url)('@fuliaotong/contracts/regions-data') as RegionNode[];
  return resolveRegion(tree, codes);
}
