/** Joins class names, skipping the empty ones: a primitive's own classes, then the caller's. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
