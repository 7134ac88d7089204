import 'server-only';
import { z } from 'zod';

/** Half of a UTF-16 surrogate pair with no other half (JSON's `"\ud800"`): jsonb cannot hold it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Printable text only: a notice's identifiers are stored (jsonb) and logged, so NUL, control
 * characters and lone surrogates never are.
 */
const identifier = (max: number) =>
  z
    .string()
    .min(1, 'required')
    .max(max, `at most ${max} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]+$/, 'control characters')
    .refine((value) => !LONE_SURROGATE.test(value), 'a lone surrogate');

/** The notice the service posts to the merchant's callback URL: identifiers to re-read, nothing more. */
export const webhookSchema = z.object({
  imp_uid: identifier(64),
  merchant_uid: identifier(80),
  status: z.enum(['ready', 'paid', 'failed', 'cancelled']),
});

export type WebhookHint = z.output<typeof webhookSchema>;
