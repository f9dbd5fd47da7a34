/** The npm package's shape (it ships no types): prom2json's output for Prometheus' text format. */
declare module 'parse-prometheus-text-format' {
  export interface ParsedSample {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    quantiles?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface ParsedFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: ParsedSample[];
  }
  /** Throws an InvalidLineError on a line that is not of the format. */
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
