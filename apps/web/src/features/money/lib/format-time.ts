import dayjs from 'dayjs';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Date and time of an entry in the reader's local time. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
}

function day(text: string) {
  // dayjs reads a bare YYYY-MM-DD as local midnight (unlike Date, which reads it as UTC).
  if (!DAY.test(text)) return null;
  const parsed = dayjs(text);
  return parsed.isValid() ? parsed.startOf('day') : null;
}

/** The start of a day typed as YYYY-MM-DD, as an ISO time with the local offset. */
export function dayStartIso(text: string): string | undefined {
  return day(text)?.format();
}

/** The exclusive end of a day typed as YYYY-MM-DD: the start of the next day, ISO with the local offset. */
export function dayEndExclusiveIso(text: string): string | undefined {
  return day(text)?.add(1, 'day').format();
}

export function todayString(): string {
  return dayjs().format('YYYY-MM-DD');
}
