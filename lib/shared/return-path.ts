/** Only same-site paths may be returned to after sign-in (no open redirect via `?next=`). */
export function safeReturnPath(candidate: string | string[] | undefined, fallback = '/account'): string {
  const value = Array.isArray(candidate) ? candidate[0] : candidate;
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}
