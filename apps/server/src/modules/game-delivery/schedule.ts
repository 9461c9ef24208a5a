/**
 * When a failed delivery is tried again (decision 040): about 5 s, 30 s, 2 min, 10 min, 30 min and 1 h after the
 * tries before, then every 3 h until a day has passed since the event; after that the event is failed and shown to
 * the operators, never dropped. Each wait is jittered by up to a fifth either way, so a game that comes back is not
 * met by every event at the same second.
 */
const FIRST_WAITS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
const LATER_WAIT_MS = 3 * 3_600_000;
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** The time of the next try after `attempts` failed tries, or null when the event is to be failed now. */
export function nextAttemptAt(
  attempts: number,
  eventCreatedAt: Date,
  now: Date,
  random: () => number = Math.random,
): Date | null {
  const wait = FIRST_WAITS_MS[attempts - 1] ?? LATER_WAIT_MS;
  const jittered = wait * (0.8 + 0.4 * random());
  const at = new Date(now.getTime() + jittered);
  return at.getTime() - eventCreatedAt.getTime() > GIVE_UP_AFTER_MS ? null : at;
}
