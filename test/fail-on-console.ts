import { afterEach, vi } from 'vitest';

/** A console.error or console.warn fails the test, so a missing translation or a React warning cannot hide. */
const calls: string[] = [];
for (const method of ['error', 'warn'] as const) {
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    calls.push(`console.${method}: ${args.map(String).join(' ')}`);
  });
}
afterEach(() => {
  if (calls.length > 0) {
    const found = calls.splice(0);
    throw new Error(`unexpected console output:\n${found.join('\n')}`);
  }
});
