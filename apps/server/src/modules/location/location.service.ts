import { createRequire } from 'node:module';
import type { IP2RegionResult } from 'ip2region';
import type { LocationResult, RegionNode } from '@fuliaotong/contracts';

const require = createRequire(import.meta.url);

interface Searcher {
  search(ip: string): IP2RegionResult | null;
}

/** The database files (about 11 MB) are read once per process, on the first lookup. */
let searcher: Searcher | undefined;
let tree: RegionNode[] | undefined;

const UNKNOWN: LocationResult = { province: null, city: null, regionCodes: [] };

/** The part of a division name that ip2region and the division data agree on: 广西壮族自治区 / 广西 → 广西. */
function core(name: string): string {
  return name.replace(/(维吾尔自治区|壮族自治区|回族自治区|自治区|特别行政区|省|市)$/, '');
}

function findByName(nodes: RegionNode[] | undefined, name: string): RegionNode | undefined {
  if (!nodes || !name) return undefined;
  return nodes.find((node) => node.name === name) ?? nodes.find((node) => core(node.name) === core(name));
}

/**
 * Where a client address is, from the offline ip2region database shipped in the npm package (no
 * network, no key), mapped onto the administrative divisions the address book uses. Private,
 * foreign and unknown addresses answer nulls; a lookup never fails the request.
 */
export class LocationService {
  locate(ip: string): LocationResult {
    const found = this.search(ip.startsWith('::ffff:') ? ip.slice(7) : ip);
    if (!found || found.country !== '中国') return UNKNOWN;
    tree ??= require('@fuliaotong/contracts/regions-data') as RegionNode[];
    const province = findByName(tree, found.province);
    if (!province) return UNKNOWN;
    // Municipalities: ip2region names the city like the province (北京 / 北京市); the data has 市辖区 below.
    const city =
      core(found.city) === core(province.name) && province.name.endsWith('市')
        ? province.children?.[0]
        : findByName(province.children, found.city);
    if (!city) return { province: province.name, city: null, regionCodes: [province.code] };
    const cityName = city.name === '市辖区' ? province.name : city.name;
    return { province: province.name, city: cityName, regionCodes: [province.code, city.code] };
  }

  private search(ip: string): IP2RegionResult | null {
    try {
      searcher ??= new (require('ip2region') as { default: new () => Searcher }).default();
      return searcher.search(ip);
    } catch {
      return null;
    }
  }
}
