import 'server-only';
import { z } from 'zod';

/** `{ code, message, response }` around every answer; code 0 is success, anything else a failure. */
export const envelopeSchema = z.looseObject({
  code: z.number().int(),
  message: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  response: z.unknown(),
});

export type Envelope = z.output<typeof envelopeSchema>;
