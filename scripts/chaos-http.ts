// One request of the chaos runs (chaos.ts, chaos-money-out.ts) to a server instance, as their clients send it.

/** An answer as the runs read it: the HTTP status and the envelope (or the first bytes of what was not JSON). */
export interface ChaosAnswer {
  status: number;
  json: Record<string, unknown>;
}

/** Sends one request; answers the HTTP status and envelope, or null for a network error or a timeout (15 s). */
export async function sendRequest(
  method: string,
  url: string,
  body: string | undefined,
  headers: Record<string, string>,
): Promise<ChaosAnswer | null> {
  try {
    const response = await fetch(url, {
      method,
      body,
      headers: { 'content-type': 'application/json', 'x-lang': 'en', ...headers },
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = { raw: text.slice(0, 200) };
    }
    return { status: response.status, json };
  } catch {
    return null;
  }
}

/** The first words of a message from the server's English catalog (what the runs compare answers with). */
export const messageText = (answer: ChaosAnswer | null): string =>
  typeof answer?.json.msg === 'string' ? answer.json.msg : '';

/**
 * Whether an answer settles nothing and the same request must be sent again: no answer (a network error, a time-out),
 * a 5xx, a 429, the session's "sign in again" code (a restarted instance's cold cache: 10001 for agents, 10101 for
 * operators), or a refusal whose message starts with one of `transient` (a busy database, a held lock).
 */
export function isTransient(
  answer: ChaosAnswer | null,
  signedOutCode: number,
  transient: readonly string[],
): boolean {
  if (!answer || answer.status >= 500 || answer.status === 429 || answer.json.code === signedOutCode)
    return true;
  const msg = messageText(answer);
  return answer.status === 200 && answer.json.code === 0 && transient.some((t) => msg.startsWith(t));
}
