import { type ExportKind, exportDefs } from '@promoter/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Shared by the CSV export tests (not a test file itself): ask for an export, read it as a spreadsheet does. */

export interface CsvAnswer {
  status: number;
  type: string;
  disposition: string;
  body: string;
}

/** `GET /api/admin/export/<kind>` with an operator's token (or an agent's, to be refused), filters and language. */
export async function requestCsv(
  app: FastifyInstance,
  kind: ExportKind,
  options: { token?: string; agentToken?: string; query?: Record<string, string>; lang?: string } = {},
): Promise<CsvAnswer> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/${exportDefs[kind].path}`,
    query: options.query ?? {},
    headers: {
      ...(options.token ? { 'x-operator-token': options.token } : {}),
      ...(options.agentToken ? { 'xx-token': options.agentToken } : {}),
      ...(options.lang ? { 'x-lang': options.lang } : {}),
    },
  });
  return {
    status: response.statusCode,
    type: String(response.headers['content-type'] ?? ''),
    disposition: String(response.headers['content-disposition'] ?? ''),
    body: response.body,
  };
}

/** RFC 4180, as a spreadsheet reads it (after the BOM). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) throw new Error(`a line without its CRLF: ${JSON.stringify(row)}`);
  return rows;
}

/** The header and the rows of an export (objects keyed by the header's labels), its type and BOM checked. */
export function csvTable(answer: CsvAnswer): { header: string[]; rows: Record<string, string>[] } {
  expect(answer.status).toBe(200);
  expect(answer.type).toBe('text/csv; charset=utf-8');
  expect(answer.body.startsWith('\uFEFF'), 'a BOM first').toBe(true);
  const [header, ...rows] = parseCsv(answer.body.slice(1)) as [string[], ...string[][]];
  return {
    header,
    rows: rows.map((cells) => {
      expect(cells, 'each row has the header’s cells').toHaveLength(header.length);
      return Object.fromEntries(header.map((label, i) => [label, cells[i] as string]));
    }),
  };
}
