/**
 * CSV as a spreadsheet opens it safely (RFC 4180, decision 018): UTF-8 with a byte order mark
 * (Excel in China reads the file as GBK without it), CRLF line ends, a cell quoted when it holds a comma, a quote or a
 * line break.
 *
 * Text that people typed (nicknames, account names, memos, reasons, references) is neutralized against formula
 * injection (OWASP "CSV injection"): a cell starting with = + - @, a tab or a carriage return is prefixed with a single
 * quote, so a spreadsheet shows it as text instead of running it. Line breaks inside a text become spaces, so one row
 * is one line (the console counts rows by lines as they arrive). Figures the server writes itself (amounts, counts,
 * ids, times) are written as they are: "-12.50" must stay a number.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function quoted(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A text cell: neutralized, kept on one line, quoted when needed. Null is an empty cell. */
export function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const oneLine = value.replace(/\r\n|[\r\n]/g, ' ');
  // A leading carriage return or tab is also a formula start: check what was typed, before the line breaks went.
  const safe = FORMULA_START.test(value) || FORMULA_START.test(oneLine) ? `'${oneLine}` : oneLine;
  return quoted(safe);
}

/** A figure or code the server wrote (an amount, a count, an id, a time, an enum): as it is. Null is empty. */
export function plainCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return quoted(String(value));
}

/** A column of an export: how to read its value from a row, and whether people typed it (text) or not (plain). */
export interface CsvColumn<R> {
  kind: 'text' | 'plain';
  value: (row: R) => string | number | null | undefined;
}

/** One row as a line, CRLF-terminated. */
export function csvLine<R>(columns: readonly CsvColumn<R>[], row: R): string {
  let line = '';
  for (let index = 0; index < columns.length; index++) {
    const column = columns[index] as CsvColumn<R>;
    const value = column.value(row);
    if (index > 0) line += ',';
    line +=
      column.kind === 'text'
        ? textCell(value === null || value === undefined ? value : String(value))
        : plainCell(value);
  }
  return line + CSV_EOL;
}

/** The header line: the columns' labels (translated texts, written as text cells). */
export function csvHeader(labels: readonly string[]): string {
  return `${labels.map(textCell).join(',')}${CSV_EOL}`;
}
