import { createRequire } from 'node:module';
import { addressRegionNames, resolveRegion, type RegionNode } from '@fuliaotong/contracts';

let tree: RegionNode[] | undefined;

/**
 * Names of a province/city/district code path from the shared division data as an address writes
 * them (北京市 海淀区, not 北京市 市辖区 海淀区), or null if it is not one.
 */
export function regionNames(codes: string[]): string[] | null {
  tree ??= createRequire(import.meta.url)('@fuliaotong/contracts/regions-data') as RegionNode[];
  const names = resolveRegion(tree, codes);
  return names && addressRegionNames(names);
}
