/** Class names joined, the false and empty ones left out: `cx(styles.a, on && styles.b, className)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
