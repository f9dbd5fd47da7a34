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
