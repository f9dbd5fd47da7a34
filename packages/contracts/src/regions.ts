/** A node of the administrative-division tree (`data/regions-pca-code.json`). */
export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

/**
 * The names of a province/city/district code path, or null when the path does not exist in the tree
 * or stops before a level that has children below it.
 */
export function resolveRegion(tree: RegionNode[], codes: string[]): string[] | null {
  const names: string[] = [];
  let level: RegionNode[] | undefined = tree;
  for (const code of codes) {
    const node: RegionNode | undefined = level?.find((n) => n.code === code);
    if (!node) return null;
    names.push(node.name);
    level = node.children;
  }
  if (level && level.length > 0) return null;
  return names;
}

/**
 * Levels of the division data that are not places but groupings: the 市辖区 under a municipality
 * (北京市 › 市辖区 › 海淀区), the 县 of 重庆市, the 省直辖县级行政区划 of a province. The picker lists
 * them as they are; an address names the places only (北京市 海淀区).
 */
export const REGION_GROUPINGS: readonly string[] = ['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划'];

/** The names of a region path as an address writes them: without the groupings. */
export function addressRegionNames(names: readonly string[]): string[] {
  return names.filter((name) => !REGION_GROUPINGS.includes(name));
}
