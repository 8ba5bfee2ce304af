// The load's HTTP client: every call is retried, with the same body (and the same Idempotency-Key),
// on a network error or a 503 until it gets another answer or its deadline passes; every answer is
// counted, so the run can say how many were sent, retried, acknowledged, 503 or a failure (other 5xx).

export interface Figures {
  /** HTTP attempts sent (each retry counts). */
  sent: number;
  /** Operations that got a 2xx. */
  acknowledged: number;
  /** Attempts repeated after a network error or a 503. */
  retried: number;
  networkErrors: number;
  status503: number;
  /** 5xx other than 503: failures. */
  status5xx: number;
  /** Operations that never got a final answer within their deadline (not acknowledged, so not lost). */
  gaveUp: number;
  failures: string[];
}

export const figures: Figures = {
  sent: 0,
  acknowledged: 0,
  retried: 0,
  networkErrors: 0,
  status503: 0,
  status5xx: 0,
  gaveUp: 0,
  failures: [],
};

export interface Answer {
  status: number;
  json: Record<string, unknown>;
  bytes: Buffer;
  /** Whether an earlier attempt of this call may have reached the server (a retry happened). */
  retried: boolean;
}

const OPERATION_DEADLINE_MS = 90_000;
const ATTEMPT_TIMEOUT_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One call with retries. `init` is rebuilt per attempt by `makeInit` (a FormData body cannot be sent
 * twice), always with the same content. Null: no final answer before the deadline.
 */
export async function call(base: string, path: string, makeInit: () => RequestInit): Promise<Answer | null> {
  const deadline = Date.now() + OPERATION_DEADLINE_MS;
  let retried = false;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      figures.retried++;
      retried = true;
      await sleep(Math.min(200 * attempt, 2000));
    }
    if (Date.now() > deadline) {
      figures.gaveUp++;
      return null;
    }
    figures.sent++;
    let response: Response;
    let bytes: Buffer;
    try {
      response = await fetch(`${base}${path}`, { ...makeInit(), signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
      bytes = Buffer.from(await response.arrayBuffer());
    } catch {
      figures.networkErrors++;
      continue;
    }
    if (response.status === 503) {
      figures.status503++;
      continue;
    }
    if (response.status >= 500) {
      figures.status5xx++;
      figures.failures.push(
        `${path.replace(/[0-9a-f-]{36}/g, ':id')} answered ${response.status}: ${bytes.toString('utf8').slice(0, 200)}`,
      );
      continue;
    }
    let json: Record<string, unknown> = {};
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
      } catch {
        json = {};
      }
    }
    if (response.status >= 200 && response.status < 300) figures.acknowledged++;
    return { status: response.status, json, bytes, retried };
  }
}

/** JSON request options, with a bearer token and further headers. */
export function jsonInit(
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
  token?: string,
): () => RequestInit {
  const text = JSON.stringify(body);
  return () => ({
    method,
    body: text,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
}
