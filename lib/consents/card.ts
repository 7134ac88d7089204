import 'server-only';
import { AppError } from '@/lib/http';
import { iamport } from '@/lib/iamport';
import type { Wallet } from '@/lib/payments/client';
import { type ConsentClient, recordConsent, sha256 } from './log';
import { CARD_CONSENT_VERSION, cardConsentText } from './shared/card-text';

const consentRequired = () =>
  new AppError(422, 'consent_required', '결제수단을 등록하려면 결제 정보 보관(빌링키)에 동의해 주세요.');
const consentOutdated = () =>
  new AppError(409, 'consent_outdated', '동의 안내가 바뀌었습니다. 페이지를 새로 고친 뒤 다시 동의해 주세요.');

/**
 * The consent a card or wallet registration carries: `{ agreed: true, version }` for the text this
 * server serves now. Answers the hash of that text (rendered here, with the card or wallet as the
 * form showed it).
 */
export function requireCardConsent(consent: unknown, maskedCard?: string, wallet?: Wallet): string {
  const given = consent as { agreed?: unknown; version?: unknown } | null | undefined;
  if (given?.agreed !== true) throw consentRequired();
  if (given.version !== CARD_CONSENT_VERSION) throw consentOutdated();
  return sha256([CARD_CONSENT_VERSION, ...cardConsentText(maskedCard, wallet)].join('\n'));
}

/** A registration's consent, checked (requireCardConsent) and with where it came from. */
export interface CardConsent {
  textSha256: string;
  client?: ConsentClient;
}

/** Logged as soon as the card has an id, before anything is sent to the service. */
export async function logCardConsent(userId: string, cardId: string, consent: CardConsent) {
  await recordConsent({
    userId,
    kind: 'card_registration',
    termsVersion: CARD_CONSENT_VERSION,
    textSha256: consent.textSha256,
    subjectId: cardId,
    givenAt: await iamport().serviceNow(),
    client: consent.client,
  });
}
