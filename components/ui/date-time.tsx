import { formatDateTime } from '@/lib/values/client';

/** A moment (UNIX seconds) in Korean words, in a <time> that carries it exactly (machines and tests read that). */
export function DateTime({ at }: { at: number }) {
  return <time dateTime={new Date(at * 1000).toISOString()}>{formatDateTime(at)}</time>;
}
