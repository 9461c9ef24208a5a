import { z } from 'zod';

export const ZEnvelope = z.object({ code: z.number().int(), msg: z.string(), data: z.unknown() });
export type TEnvelope<T = unknown> = { code: number; msg: string; data: T };

export function ZEnvelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}
