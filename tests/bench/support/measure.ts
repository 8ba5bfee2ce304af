import autocannon from 'autocannon';

export interface Measured {
  p50: number;
  p95: number;
  p99: number;
  /** Requests per second, autocannon's average over the run. */
  rps: number;
  /** Answers other than 2xx, and failed connections. */
  errors: number;
  /** Responses timed. */
  count: number;
}

/**
 * Runs autocannon on one URL and computes exact percentiles from every response time (autocannon reports
 * no p95), rounded to 0.1 ms.
 */
export async function measureCalls(
  target: string,
  options: { headers?: Record<string, string>; connections: number; duration: number },
): Promise<Measured> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target,
        connections: options.connections,
        duration: options.duration,
        headers: options.headers ?? {},
      },
      (error, finished) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
      times.push(responseTime),
    );
  });
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 10) / 10;
  return {
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    rps: result.requests.average,
    errors: result.non2xx + result.errors,
    count: times.length,
  };
}
