/**
 * The benches' reading of a server's `/metrics` (OPS-1, docs/operations.md "Metrics"): a small parser
 * of Prometheus' text exposition format (what prom-client's `registry.metrics()` writes: `name{labels}
 * value` lines, `#` comments), and the two checks that tie the server's own figures to a bench's —
 * the request count of the measured call, and the bucket its 99th percentile falls in.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample of an exposition text. */
export function parsePrometheus(text: string): Sample[] {
  const out: Sample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1]] = l[2].replace(/\\"/g, '"').replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
    const value = m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : Number(m[3]);
    out.push({ name: m[1], labels, value });
  }
  return out;
}

/** A histogram's cumulative buckets (upper bound in seconds → count) and count, summed over the series `match` selects. */
export interface HistogramReading {
  count: number;
  buckets: Map<number, number>;
}

export function histogramOf(samples: Sample[], name: string, match: (labels: Record<string, string>) => boolean): HistogramReading {
  const buckets = new Map<number, number>();
  let count = 0;
  for (const s of samples) {
    if (!match(s.labels)) continue;
    if (s.name === `${name}_count`) count += s.value;
    else if (s.name === `${name}_bucket`) {
      const le = s.labels.le === '+Inf' ? Infinity : Number(s.labels.le);
      buckets.set(le, (buckets.get(le) ?? 0) + s.value);
    }
  }
  return { count, buckets };
}

/** What was recorded between two readings. */
export function histogramDelta(before: HistogramReading, after: HistogramReading): HistogramReading {
  const buckets = new Map<number, number>();
  for (const [le, n] of after.buckets) buckets.set(le, n - (before.buckets.get(le) ?? 0));
  return { count: after.count - before.count, buckets };
}

/** The upper bounds, ascending (+Inf last). */
const boundsOf = (h: HistogramReading): number[] => [...h.buckets.keys()].sort((a, b) => a - b);

/** The upper bound (s) of the bucket the q-th percentile falls in: the first whose cumulative count reaches q % of the total. */
export function bucketOfPercentile(h: HistogramReading, q: number): number {
  const want = (q / 100) * h.count;
  for (const le of boundsOf(h)) if ((h.buckets.get(le) ?? 0) >= want) return le;
  return Infinity;
}

/** The index among the histogram's bounds of the bucket holding `seconds` (the first bound ≥ it). */
export function bucketIndex(h: HistogramReading, seconds: number): number {
  const bounds = boundsOf(h);
  const i = bounds.findIndex((le) => seconds <= le);
  return i < 0 ? bounds.length - 1 : i;
}

export interface Agreement {
  /** The server counted exactly the bench's calls. */
  countMatch: boolean;
  serverCount: number;
  /** The bucket the server's p99 falls in (its upper bound, ms). */
  serverP99BucketMs: number;
  /** The bench's own p99 lies in that bucket or a neighbour. */
  p99WithinOneBucket: boolean;
}

/** The measured call's figures from two scrapes, against the bench's count and p99 (ms). */
export function agreement(before: HistogramReading, after: HistogramReading, benchCount: number, benchP99Ms: number): Agreement {
  const d = histogramDelta(before, after);
  const le = bucketOfPercentile(d, 99);
  const bounds = boundsOf(d);
  const serverIndex = bounds.indexOf(le);
  return {
    countMatch: d.count === benchCount,
    serverCount: d.count,
    serverP99BucketMs: le * 1000,
    p99WithinOneBucket: Math.abs(bucketIndex(d, benchP99Ms / 1000) - serverIndex) <= 1,
  };
}
