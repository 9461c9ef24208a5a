/** How deep a request's body or query is searched; nothing legitimate nests this deep. */
const MAX_DEPTH = 20;

function containsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Defence in depth under the contract's schemas: PostgreSQL cannot store a NUL character in text, so a request
 * carrying one anywhere (body, query, a key) is refused as a bad request (400) before it can reach a query.
 */
export function refuseNulCharacters(...parts: unknown[]): void {
  if (parts.some((part) => containsNul(part, 0))) {
    throw Object.assign(new Error('NUL characters are not allowed'), { statusCode: 400 });
  }
}
