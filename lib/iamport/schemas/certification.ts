import 'server-only';
import { z } from 'zod';
import { flag, type Known, looseInteger, text, timestamp } from './primitives';

/** GET /certifications/{imp_uid}. phone and carrier only for merchants approved for them. */
export const certificationSchema = z.looseObject({
  imp_uid: z.string().min(1),
  merchant_uid: text,
  pg_tid: text,
  pg_provider: text,
  certified: flag,
  certified_at: timestamp,
  name: text,
  /** male | female */
  gender: text,
  /** YYYY-MM-DD: use this for age checks. */
  birthday: text,
  /** Deprecated by the service: UNIX seconds of the birth date (negative before 1970), not ms. */
  birth: looseInteger,
  foreigner: flag,
  phone: text,
  carrier: text,
  /** CI: one per person, the same at every merchant. */
  unique_key: text,
  /** DI: one per person within this merchant. */
  unique_in_site: text,
  origin: text,
});

export type Certification = Known<z.output<typeof certificationSchema>>;
