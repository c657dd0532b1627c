/** autocannon runs that fail loudly, and the figures the benchmarks report from them. */
import autocannon, { type Options, type Result } from 'autocannon';

/** One autocannon run; throws if any request errored, timed out or answered other than 2xx. */
export async function loadRun(label: string, options: Options): Promise<Result> {
  const result = await autocannon(options);
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(
      `${label} failed under load: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
  }
  return result;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface LatencyFigures {
  connections: number;
  requests: number;
  requestsPerSecond: number;
  medianMs: number;
  p99Ms: number;
}

/** The figures of one or more runs at one connection count: requests summed, the rest as medians over the runs. */
export function latencyFigures(connections: number, results: Result[]): LatencyFigures {
  return {
    connections,
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    requestsPerSecond: median(results.map((r) => r.requests.average)),
    medianMs: median(results.map((r) => r.latency.p50)),
    p99Ms: median(results.map((r) => r.latency.p99)),
  };
}
