// One message the catcher kept: what the inbox page shows and the JSON API returns.
export interface CaughtMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Local ms when it was received. */
  receivedAt: number;
}
