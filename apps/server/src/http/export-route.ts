import { Readable } from 'node:stream';
import { type ExportFilterParsed, type ExportKind, exportDefs } from '@promoter/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperatorContext } from '../modules/operators/operator-session-service';
import { refuseNulCharacters } from './input-guard';
import { assertOperatorRight } from './route';

/** A CSV export as its service makes it: the file's name and its text, produced as it is read. */
export interface CsvDownload {
  filename: string;
  body: AsyncIterable<string>;
}

export interface ExportRouteContext<K extends ExportKind> {
  input: ExportFilterParsed<K>;
  request: FastifyRequest;
  operator: OperatorContext;
}

/**
 * How many chunks (each a batch of rows) may wait in the stream for the client: with the socket's own buffers, that
 * is all an export holds in memory, however long it is.
 */
const QUEUED_CHUNKS = 2;

/**
 * Registers one CSV export of the console (`GET /api/admin/export/<kind>`, decision 018): the filters of the contract
 * in the query string (validated as every call's: 400 naming the field), the console's access rule (10101, 10103 in
 * the envelope, before anything is read), then the file streamed as the service produces it. The stream is pulled by
 * the socket: a slow client slows the reading of the database down instead of piling rows up in memory, and a client
 * that goes away stops it.
 */
export function defineExport<K extends ExportKind>(
  app: FastifyInstance,
  kind: K,
  handler: (ctx: ExportRouteContext<K>) => Promise<CsvDownload>,
): void {
  const def = exportDefs[kind];
  app.route({
    method: def.method,
    url: `/api/${def.path}`,
    schema: {
      summary: def.summary,
      description:
        'Answers `text/csv` (UTF-8 with a BOM, the header row in the operator’s language, money in yuan, times in the platform’s time zone), or a refusal in the envelope.',
      tags: ['admin'],
      querystring: def.input,
      security: [{ operatorToken: [] }],
    },
    config: { rateLimit: false as const },
    preValidation: async (request) => {
      refuseNulCharacters(request.query);
    },
    preHandler: async (request) => {
      await assertOperatorRight(request, def.right, def.path);
    },
    handler: async (request, reply) => {
      const download = await handler({
        input: request.query as ExportFilterParsed<K>,
        request,
        operator: request.operator as OperatorContext,
      });
      const ascii = download.filename.replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(download.filename)}`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(download.body, { objectMode: true, highWaterMark: QUEUED_CHUNKS }));
    },
  });
}
