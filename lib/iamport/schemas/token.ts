import 'server-only';
import { z } from 'zod';
import { timestamp } from './primitives';

/** POST /users/getToken: `now` is the service's clock, which the client uses to cancel drift. */
export const tokenSchema = z.looseObject({
  access_token: z.string().min(1),
  now: timestamp.refine((value) => value > 0, 'expected the service time'),
  expired_at: timestamp.refine((value) => value > 0, 'expected an expiry time'),
});
