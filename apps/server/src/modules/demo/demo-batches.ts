/*
 * The demo's batches (docs/decisions/0073-batches-and-coa-lookup.md): two released batches of each
 * featured product (and of product 1, which the API table's examples name) with results against its
 * standard's items, and one batch of the first awaiting its tests. Numbers, dates and check codes follow
 * from the product (no chance involved); the first batch of product 1 carries the check code of the
 * API table's lookup example. Real batches draw their codes with crypto randomness.
 */
import { CHECK_CODE_ALPHABET, CHECK_CODE_LENGTH, endpoints } from '@fuliaotong/contracts';
import { resultOfStandardItem } from '../batch/batch.service.js';
import { FEATURED_NAMES } from './demo-content.js';
import { batchProducts, insertBatch, type Db } from './demo.repository.js';
import { hashString } from './random.js';

const METHODS: Array<[RegExp, string]> = [
  [/^性状/, '目视检查'],
  [/^鉴别/, '红外分光光度法（通则 0402）'],
  [/^干燥失重/, '通则 0831'],
  [/^炽灼残渣/, '通则 0841'],
  [/^重金属/, '通则 0821 第二法'],
  [/^微生物限度/, '通则 1105、1106'],
  [/^水分/, '通则 0832 第一法'],
  [/^元素杂质/, '通则 0862'],
  [/^细菌内毒素/, '通则 1143'],
  [/^含量测定/, '按品种项下方法'],
];

const example = endpoints.batchCoaLookup.example.query;

function demoCheckCode(seed: string): string {
  let code = '';
  let hash = hashString(seed);
  for (let i = 0; i < CHECK_CODE_LENGTH; i++) {
    code += CHECK_CODE_ALPHABET[hash % CHECK_CODE_ALPHABET.length];
    hash = hashString(`${seed}|${i}|${hash}`);
  }
  return code;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoBatches(db: Db): Promise<number> {
  const products = await batchProducts(db, [example.excipientId], FEATURED_NAMES);
  let count = 0;
  for (const [pi, product] of products.entries()) {
    const standard = product.testItems.map(resultOfStandardItem);
    const seq = (k: number) => String(pi * 3 + k + 1).padStart(3, '0');
    for (const k of [0, 1]) {
      const batchNumber = `FL25${k === 0 ? '09' : '10'}${seq(k)}`;
      const manufacturedOn = `2025-${k === 0 ? '09' : '10'}-${String(3 + ((pi * 7 + k * 11) % 20)).padStart(2, '0')}`;
      const first = product.id === example.excipientId && batchNumber === example.batchNumber;
      await insertBatch(
        db,
        {
          excipientId: product.id,
          specId: product.specId,
          batchNumber,
          manufacturedOn,
          expiresOn: addDays(addDays(manufacturedOn, 365 * 3), -1),
          quantity: `${[500, 800, 1000, 1200][(pi + k) % 4]} kg`,
          status: 'released',
          checkCode: first ? example.checkCode : demoCheckCode(`${product.name}|${batchNumber}`),
          testedOn: addDays(manufacturedOn, 4),
        },
        standard.map((line) => ({ ...line, result: '符合规定', method: METHODS.find(([pattern]) => pattern.test(line.item))?.[1] ?? '按标准方法', conclusion: '符合' as const })),
      );
      count += 1;
    }
    if (pi === 0) {
      const manufacturedOn = '2025-11-06';
      await insertBatch(
        db,
        { excipientId: product.id, specId: product.specId, batchNumber: `FL2511${seq(2)}`, manufacturedOn, expiresOn: addDays(addDays(manufacturedOn, 365 * 3), -1), quantity: '600 kg', status: 'pending', checkCode: demoCheckCode(`${product.name}|pending`), testedOn: null },
        standard,
      );
      count += 1;
    }
  }
  return count;
}
