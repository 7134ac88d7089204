// The one date and money formatter of the UI, the same on the server and in the browser. Dates are
// written by hand rather than with Intl: a Node built with reduced ICU data writes "AM" where a
// browser writes "오전", and a page rendered on the server must hydrate to the same text. Korean
// time is UTC+9 all year (no daylight saving since 1988).
const KST_OFFSET_MS = 9 * 3600 * 1000;
const won = new Intl.NumberFormat('en-US');

type Instant = number | string | Date;
/** UNIX seconds (the service's timestamps), an ISO 8601 string or a Date. */
const toDate = (at: Instant) => (typeof at === 'number' ? new Date(at * 1000) : new Date(at));

/** The instant's wall clock in Korea, read with the UTC getters. */
const korean = (at: Instant) => new Date(toDate(at).getTime() + KST_OFFSET_MS);

/** → "2026년 11월 24일", where the time of day means nothing (registration day, a period's end). */
export function formatDate(at: Instant): string {
  const k = korean(at);
  return `${k.getUTCFullYear()}년 ${k.getUTCMonth() + 1}월 ${k.getUTCDate()}일`;
}
/** → "2026년 11월 24일 오전 5:31" (Korean time). */
export function formatDateTime(at: Instant): string {
  const k = korean(at);
  const hours = k.getUTCHours();
  const clock = `${hours % 12 || 12}:${String(k.getUTCMinutes()).padStart(2, '0')}`;
  return `${formatDate(at)} ${hours < 12 ? '오전' : '오후'} ${clock}`;
}
/** A calendar date with no time zone (a birth date, "1995-03-14") → "1995년 3월 14일". */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${year}년 ${month}월 ${day}일`;
}
/** 12000 → "12,000원" */
export const formatWon = (amount: number) => `${won.format(amount)}원`;

/** Whether the word's last syllable ends in a consonant (받침); undefined when it is not a Hangul syllable. */
function endsInConsonant(word: string): boolean | undefined {
  const code = word.trim().charCodeAt(word.trim().length - 1) - 0xac00;
  return code >= 0 && code < 11_172 ? code % 28 !== 0 : undefined;
}

/** The word with its topic particle: "임프상점은", "주소는"; "은(는)" only after what is not Hangul. */
export function withTopic(word: string): string {
  const consonant = endsInConsonant(word);
  return `${word}${consonant === undefined ? '은(는)' : consonant ? '은' : '는'}`;
}

/** The word with its object particle: "반품 사유를", "거절 사유를"; "을(를)" only after what is not Hangul. */
export function withObject(word: string): string {
  const consonant = endsInConsonant(word);
  return `${word}${consonant === undefined ? '을(를)' : consonant ? '을' : '를'}`;
}
