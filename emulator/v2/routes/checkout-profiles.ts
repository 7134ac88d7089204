// GET /checkout-profiles/evaluate (open, as the checkout page calls it): the methods a store's
// checkout profile offers for a country, currency and amount. Each store has one profile,
// `checkout-profile-<store id>`, offering its channels: a card channel as CARD_KR and Kakao Pay as
// KAKAO_PAY, for Korea in won.
import type { V2Api } from '../api';
import { invalidRequest, V2Error } from '../errors';
import { requiredString } from '../fields';

export const PROFILE_PREFIX = 'checkout-profile-';

const METHOD_OF: Record<string, string> = {
  CARD: 'CARD_KR',
  KAKAOPAY: 'KAKAO_PAY',
  TOSSPAY: 'TOSS_PAY',
  NAVERPAY: 'N_PAY',
};

export function checkoutProfileRoutes(api: V2Api): void {
  api.open('GET', '/checkout-profiles/evaluate', ({ core, body }) => {
    const profileKey = requiredString(body, 'profileKey', 200);
    const country = requiredString(body, 'country', 2);
    const currency = requiredString(body, 'currency', 3);
    if (!/^\d{1,15}$/.test(String(body.amount ?? ''))) throw invalidRequest('amount: 0 이상의 정수여야 합니다.');
    const store = core.merchants().find((m) => m.v2 && `${PROFILE_PREFIX}${m.v2.store_id}` === profileKey)?.v2;
    if (!store)
      throw new V2Error(404, 'PROFILE_SETTINGS_NOT_FOUND', `체크아웃 프로필이 존재하지 않습니다: ${profileKey}`);
    if (country !== 'KR' || currency !== 'KRW') return { methods: [] };
    const methods = store.channels.flatMap((channel) => {
      const method = channel.pay_methods.includes('EASY_PAY')
        ? METHOD_OF[channel.pg_provider]
        : channel.pay_methods.includes('CARD')
          ? METHOD_OF.CARD
          : undefined;
      return method ? [{ paymentMethod: method, channelKey: channel.channel_key }] : [];
    });
    return { methods };
  });
}
