import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/**
 * A scrape of GET /metrics read with a parser of Prometheus' text format (parse-prometheus-text-format,
 * prom2json's shape), checked the way Prometheus would take it: a parse error, a family without its
 * TYPE, a metric or label name Prometheus refuses, a value that is no number, a series given twice, or a
 * histogram whose buckets do not add up fails it.
 */

export interface Series {
  /** As written: a histogram's `_bucket`, `_sum` and `_count` series are each their own. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  /** Each family by name: its type as `# TYPE` says it (counter, gauge, histogram …) and its help. */
  families: Map<string, { type: string; help: string }>;
  series: Series[];
  /** The series named `name` whose labels include `labels`. */
  find(name: string, labels?: Record<string, string>): Series[];
  /** The sum of those series' values (0 when there is none). */
  sum(name: string, labels?: Record<string, string>): number;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A sample's value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case, prom-client writes `Nan`). */
function numberOf(text: string | undefined, where: string): number {
  const special = text?.toLowerCase();
  if (special === '+inf' || special === 'inf') return Infinity;
  if (special === '-inf') return -Infinity;
  if (special === 'nan') return NaN;
  const value = Number(text);
  if (text === undefined || text.trim() === '' || Number.isNaN(value)) throw new Error(`${where}: "${text}" is not a number`);
  return value;
}

const keyOf = (name: string, labels: Record<string, string>) =>
  `${name}{${Object.keys(labels)
    .sort()
    .map((label) => `${label}=${JSON.stringify(labels[label])}`)
    .join(',')}}`;

export function parseScrape(text: string): Scrape {
  const families = new Map<string, { type: string; help: string }>();
  for (const family of parsePrometheusTextFormat(text)) {
    if (!METRIC_NAME.test(family.name)) throw new Error(`"${family.name}" is not a metric name`);
    if (families.has(family.name)) throw new Error(`${family.name}: its series are not together`);
    if (family.type === 'UNTYPED') throw new Error(`${family.name}: no # TYPE line`);
    families.set(family.name, { type: family.type.toLowerCase(), help: family.help });
  }
  // Read again with the histograms declared untyped: the parser folds the series of a histogram with
  // labels into one set of buckets (prom2json's shape); untyped, every series keeps its own labels.
  const untyped = text.replace(/^# TYPE (\S+) histogram$/gm, '# TYPE $1 untyped');
  const series: Series[] = [];
  const seen = new Set<string>();
  for (const family of parsePrometheusTextFormat(untyped)) {
    for (const sample of family.metrics) {
      const labels = sample.labels ?? {};
      for (const label of Object.keys(labels)) if (!LABEL_NAME.test(label)) throw new Error(`${family.name}: "${label}" is not a label name`);
      const key = keyOf(family.name, labels);
      if (seen.has(key)) throw new Error(`${key} is given twice`);
      seen.add(key);
      series.push({ name: family.name, labels, value: numberOf(sample.value, key) });
    }
  }
  const find = (name: string, labels: Record<string, string> = {}) =>
    series.filter((one) => one.name === name && Object.entries(labels).every(([label, value]) => one.labels[label] === value));
  checkHistograms(families, find);
  return { families, series, find, sum: (name, labels) => find(name, labels).reduce((total, one) => total + one.value, 0) };
}

/** Each histogram's buckets grow with `le`, and its +Inf bucket is its count. */
function checkHistograms(families: Scrape['families'], find: Scrape['find']): void {
  for (const [name, { type }] of families) {
    if (type !== 'histogram') continue;
    for (const count of find(`${name}_count`)) {
      const buckets = find(`${name}_bucket`, count.labels)
        .filter((bucket) => Object.keys(bucket.labels).length === Object.keys(count.labels).length + 1)
        .map((bucket) => ({ le: numberOf(bucket.labels.le, `${name}_bucket le`), value: bucket.value }))
        .sort((a, b) => a.le - b.le);
      const where = keyOf(name, count.labels);
      if (buckets.length === 0 || buckets.at(-1)!.le !== Infinity) throw new Error(`${where}: no +Inf bucket`);
      if (buckets.at(-1)!.value !== count.value) throw new Error(`${where}: the +Inf bucket is not the count`);
      buckets.reduce((previous, bucket) => {
        if (bucket.value < previous) throw new Error(`${where}: the bucket le=${bucket.le} holds fewer than the one before`);
        return bucket.value;
      }, 0);
      if (find(`${name}_sum`, count.labels).length !== 1) throw new Error(`${where}: no _sum`);
    }
  }
}
