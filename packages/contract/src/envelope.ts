import { z } from 'zod';

/**
 * The envelope of every answer, `{code, msg, data}`: `data` is the call's data on success and null (or absent
 * detail) on a refusal. The one schema of it: the server's routes (contract calls and the game API) serialize
 * through `ZEnvelopeOf`, the web client reads answers with `ZEnvelope`.
 */
export function ZEnvelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data: data.nullable() });
}

export const ZEnvelope = ZEnvelopeOf(z.unknown());
export type TEnvelope<T = unknown> = { code: number; msg: string; data: T };
