import 'server-only';
import { z } from 'zod';

/** Printable text only: a notice's identifiers are stored and logged, so NUL and control characters never are. */
const identifier = (max: number) =>
  z
    .string()
    .min(1, 'required')
    .max(max, `at most ${max} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]+$/, 'control characters');

/** The notice the service posts to the merchant's callback URL: identifiers to re-read, nothing more. */
export const webhookSchema = z.object({
  imp_uid: identifier(64),
  merchant_uid: identifier(80),
  status: z.enum(['ready', 'paid', 'failed', 'cancelled']),
});

export type WebhookHint = z.output<typeof webhookSchema>;
