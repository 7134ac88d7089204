// Identity verifications: read one, list, and the API-driven flow (send a code to the phone,
// confirm it, resend it). The window-driven flow is emulator/v2/windows (helper v2-browser's).
import type { V2Api, V2Context } from '../api';
import { forbiddenV2, invalidRequest } from '../errors';
import { announce } from '../identity/events';
import { objectField, personOfSend, textField } from '../identity/inputs';
import { listVerifications } from '../identity/list';
import { confirmCode, resendCode, sendCode } from '../identity/otp';
import { checkedId, getVerification } from '../identity/verifications';
import { identityVerificationJson } from '../identity/wire';

const idOf = (ctx: V2Context) => checkedId(ctx.params.identityVerificationId ?? '');
const find = (ctx: V2Context) => getVerification(ctx.core, ctx.merchant.code, idOf(ctx));

export function identityVerificationRoutes(api: V2Api): void {
  api.on('GET', '/identity-verifications/:identityVerificationId', (ctx) =>
    identityVerificationJson(find(ctx), ctx.merchant.v2),
  );

  api.on('GET', '/identity-verifications', ({ core, merchant, body }) => {
    const filter = objectField(body, 'filter', false);
    const storeId = filter ? textField(filter, 'storeId') : null;
    if (storeId !== null && storeId !== merchant.v2.store_id)
      throw forbiddenV2(`접근 권한이 없는 상점입니다: ${storeId}`);
    return listVerifications(core, merchant.code, merchant.v2, body);
  });

  api.on('POST', '/identity-verifications/:identityVerificationId/send', (ctx) => {
    const { core, merchant, body } = ctx;
    const channelKey = textField(body, 'channelKey', { required: true }) as string;
    const method = textField(body, 'method', { required: true });
    if (method !== 'SMS' && method !== 'APP') throw invalidRequest('method: SMS 또는 APP이어야 합니다.');
    const person = personOfSend(body, core.now(merchant.code));
    const customerId = textField(objectField(body, 'customer', true) ?? {}, 'id');
    const request = {
      id: idOf(ctx),
      channelKey,
      customer: { ...(customerId ? { id: customerId } : {}), name: person.name, phoneNumber: person.phone },
      customData: textField(body, 'customData', { max: 64 * 1024 }),
      minAge: null,
    };
    sendCode(core, merchant, request, person, method);
    return {};
  });

  api.on('POST', '/identity-verifications/:identityVerificationId/confirm', (ctx) => {
    const otp = textField(ctx.body, 'otp', { max: 20 }) ?? '';
    const record = find(ctx);
    try {
      const verified = confirmCode(ctx.core, record, otp);
      announce(ctx.core, verified);
      return { identityVerification: identityVerificationJson(verified, ctx.merchant.v2) };
    } catch (error) {
      // The fifth wrong code ended the attempt: the merchant hears of it as of any failure.
      const after = getVerification(ctx.core, ctx.merchant.code, record.id);
      if (after.status === 'FAILED' && record.status !== 'FAILED') announce(ctx.core, after);
      throw error;
    }
  });

  api.on('POST', '/identity-verifications/:identityVerificationId/resend', (ctx) => {
    resendCode(ctx.core, find(ctx));
    return {};
  });
}
