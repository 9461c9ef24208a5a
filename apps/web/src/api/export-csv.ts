import { exportDefs } from '@promoter/contract';
import type { ExportFilter, ExportKind } from '@promoter/contract';
import { env } from '../config/env';
import { i18n } from '../i18n';
import { operatorSession } from '../lib/operator-session';
import { isEnvelope, throwIfRefused, toQueryString } from './client';
import { NetworkError } from './errors';

/** How far an export has come: the rows and bytes received so far. */
export interface ExportProgress {
  rows: number;
  bytes: number;
}

export interface ExportedFile {
  blob: Blob;
  filename: string;
  rows: number;
  bytes: number;
}

const NEWLINE = 0x0a;

/** The file name the server gives (`Content-Disposition`), or one made of the kind and today. */
export function exportFilename(disposition: string | null, kind: ExportKind, now = new Date()): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name: make one below
    }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '')?.[1];
  if (plain) return plain;
  return `${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Runs one CSV export of the console (`GET /api/admin/export/<kind>`, decision 018): the filters validated by the
 * contract, the operator's token in X-Operator-Token, the answer read as a stream so `onProgress` sees the rows (one
 * line each: the server keeps line breaks out of cells) and bytes as they come; `signal` cancels it. A refusal comes
 * as the envelope and is handled as every operator call's (10101 back to the login, 10103 and 0 shown). The file is
 * kept as the bytes received (a Blob), never decoded into one string.
 */
export async function fetchExport<K extends ExportKind>(
  kind: K,
  filters: ExportFilter<K>,
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<ExportedFile> {
  const def = exportDefs[kind];
  const query = def.input.parse(filters) as Record<string, unknown>;
  const operatorToken = operatorSession.get().token;
  const headers: Record<string, string> = { Accept: 'text/csv, application/json' };
  if (operatorToken) headers['X-Operator-Token'] = operatorToken;
  if (i18n.language) headers['X-Lang'] = i18n.language;

  let response: Response;
  try {
    response = await fetch(`${env.apiBase}${def.path}${toQueryString(query)}`, {
      method: def.method,
      headers,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }

  if (!(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
    const envelope: unknown = await response.json().catch(() => null);
    if (!isEnvelope(envelope)) throw new NetworkError(`not an export (HTTP ${response.status})`);
    throwIfRefused(envelope, { operatorToken });
    throw new NetworkError(`not an export (HTTP ${response.status})`);
  }
  if (!response.body) throw new NetworkError('the export has no body');

  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let newlines = 0;
  let bytes = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      for (const byte of value) if (byte === NEWLINE) newlines += 1;
      options.onProgress?.({ rows: Math.max(0, newlines - 1), bytes });
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // The connection broke off: what came is not the whole list.
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  } finally {
    reader.releaseLock();
  }
  operatorSession.touch();
  return {
    blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }),
    filename: exportFilename(response.headers.get('content-disposition'), kind),
    rows: Math.max(0, newlines - 1),
    bytes,
  };
}
