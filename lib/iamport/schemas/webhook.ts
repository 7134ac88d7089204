import 'server-only';
import { z } from 'zod';

/** The notice the service posts to the merchant's callback URL: identifiers to re-read, nothing more. */
export const webhookSchema = z.object({
  imp_uid: z.string().min(1, 'required'),
  merchant_uid: z.string().min(1, 'required'),
  status: z.string().min(1, 'required'),
});

export type WebhookHint = z.output<typeof webhookSchema>;
