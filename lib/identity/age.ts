/** The calendar date (YYYY-MM-DD) in Korea at a UNIX time: ages and birthdays are Korean dates. */
export function koreanDate(unixSeconds: number): string {
  return new Date((unixSeconds + 9 * 3600) * 1000).toISOString().slice(0, 10);
}

/**
 * International ("만") age on `today`: full years since the birthday, one less until this
 * year's birthday has come. Someone born on 29 February comes of age on 1 March in common years.
 */
export function internationalAge(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  if (!by || !bm || !bd || !ty || !tm || !td) throw new Error(`not a YYYY-MM-DD date: ${birthday} / ${today}`);
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}
