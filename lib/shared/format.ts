const dateTime = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const won = new Intl.NumberFormat('ko-KR');

/** UNIX seconds → "2026년 11월 22일 오후 02:30" (Korean time). */
export const formatDateTime = (unixSeconds: number) => dateTime.format(new Date(unixSeconds * 1000));
export const formatDate = (unixSeconds: number) => dateOnly.format(new Date(unixSeconds * 1000));
/** 12000 → "12,000원" */
export const formatWon = (amount: number) => `${won.format(amount)}원`;
