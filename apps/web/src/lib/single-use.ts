/**
 * One attempt per single-use key (a game ticket, a WeChat code) and page load: the same key is sent once even
 * when React runs an effect twice, and every caller gets the first attempt's answer.
 */
export function singleUseAttempts<T>() {
  const attempts = new Map<string, Promise<T>>();
  return {
    run(key: string, start: () => Promise<T>): Promise<T> {
      let attempt = attempts.get(key);
      if (!attempt) {
        attempt = start();
        attempts.set(key, attempt);
      }
      return attempt;
    },
    /** Retrying (after a network failure) sends the key again. */
    forget(key: string): void {
      attempts.delete(key);
    },
  };
}
