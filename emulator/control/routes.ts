import type { Emulator } from '../core/emulator';
import { certificationCallback, certify } from '../core/service/certifications';
import { completeWindowPayment } from '../core/service/window-payments';
import { billingKeyWire, certificationWire, paymentWire, scheduleWire } from '../core/wire/answers';
import { invalid } from '../core/wire/errors';
import { optionalText, requiredText } from '../core/wire/fields';
import { mergeMerchant } from '../merchants';
import type { AddControlRoute, ControlContext } from './context';
import { withWindowChoices } from './window-shortcut';

/** The merchant a test shortcut acts for (`merchant_code`, default the first merchant). */
function merchantOf(ctx: ControlContext) {
  const code = optionalText(ctx.body, 'merchant_code') ?? ctx.core.merchants()[0]?.code ?? '';
  const merchant = ctx.core.merchant(code);
  if (!merchant) throw invalid('merchant_code', `등록되지 않은 가맹점입니다: ${code}`);
  return merchant;
}

/** Records of one merchant when `?merchant_code=` is given, else of all. */
function listed<T extends { merchant_code: string }, W>(ctx: ControlContext, records: T[], wire: (r: T) => W) {
  const code = ctx.query.get('merchant_code');
  return records
    .filter((r) => code === null || r.merchant_code === code)
    .map((r) => ({ merchant_code: r.merchant_code, ...wire(r) }));
}

/** The merchant a clock call names (400 when unknown), else the default merchant. */
function clockMerchant(core: Emulator, code: string | null): string {
  if (code === null) return core.defaultMerchantCode();
  if (!core.merchant(code)) throw invalid('merchant_code', `등록되지 않은 가맹점입니다: ${code}`);
  return code;
}

const MAX_MERCHANTS = 1000;
const MAX_ADVANCE = 100 * 366 * 86_400;

export function controlRoutes(on: AddControlRoute): void {
  on('GET', '/health', ({ core }) => ({ ok: true, merchants: core.merchants().map((m) => m.code) }));

  // GET /clock[?merchant_code=] — a merchant's clock (default: the default merchant's)
  on('GET', '/clock', ({ core, query }) => {
    const code = clockMerchant(core, query.get('merchant_code'));
    return { merchant_code: code, now: core.now(code), mode: core.clockState(code).mode };
  });
  // GET /clocks — every merchant's clock
  on('GET', '/clocks', ({ core }) =>
    core
      .merchants()
      .map(({ code }) => ({ merchant_code: code, now: core.now(code), mode: core.clockState(code).mode })),
  );
  // POST /clock/advance {seconds, merchant_code?} — one merchant's clock, or every merchant's when none is named
  on('POST', '/clock/advance', async ({ core, body }) => {
    // At most 100 years at once: far enough for any test, near enough for dates to stay dates.
    const seconds = Number(requiredText(body, 'seconds', { pattern: /^\d{1,10}$/, format: '0 이상의 정수 (초)' }));
    if (seconds > MAX_ADVANCE) throw invalid('seconds', `최대 ${MAX_ADVANCE}초(100년)까지 앞으로 갈 수 있습니다.`);
    const named = optionalText(body, 'merchant_code');
    const code = clockMerchant(core, named);
    const now = await core.advance(seconds, named === null ? undefined : code);
    return { merchant_code: code, now };
  });

  on('POST', '/reset', ({ core, faults, webhooks }) => {
    core.reset();
    faults.clear();
    webhooks.reset();
    return { ok: true };
  });

  on('GET', '/merchants', ({ core }) => core.merchants());
  on('POST', '/merchants', ({ core, body }) => {
    const existing = core.merchant(typeof body.code === 'string' ? body.code : '');
    if (!existing && core.store.merchants.size >= MAX_MERCHANTS)
      throw invalid('code', `가맹점은 최대 ${MAX_MERCHANTS}개까지 만들 수 있습니다.`);
    const keyOwner = (key: string) => core.store.merchantsByKey.get(key)[0]?.code;
    return core.upsertMerchant(mergeMerchant(body, existing, keyOwner), { replace: true });
  });

  on('GET', '/faults', ({ faults }) => faults.list());
  on('POST', '/faults', ({ faults, body }) => faults.add(body));
  on('DELETE', '/faults', ({ faults }) => {
    faults.clear();
    return { ok: true };
  });

  on('GET', '/state', ({ core, faults }) => ({
    now: core.now(core.defaultMerchantCode()),
    ...core.store.counts(),
    faults: faults.list().length,
  }));

  on('GET', '/payments', (ctx) => listed(ctx, ctx.core.store.payments.values(), (p) => paymentWire(p, ctx.baseUrl)));
  on('GET', '/billing-keys', (ctx) => listed(ctx, ctx.core.store.billingKeys.values(), billingKeyWire));
  on('GET', '/schedules', (ctx) => listed(ctx, ctx.core.store.schedules.values(), scheduleWire));
  on('GET', '/certifications', (ctx) => listed(ctx, ctx.core.store.certifications.values(), certificationWire));
  on('GET', '/prepared', (ctx) =>
    listed(ctx, ctx.core.store.prepared.values(), ({ merchant_code: _, ...rest }) => rest),
  );

  // Test shortcuts: what a completed certification / payment window does, without a browser.
  on('POST', '/certifications', (ctx) => {
    const result = certify(ctx.core, merchantOf(ctx).code, ctx.body);
    return { rsp: certificationCallback(result), certification: certificationWire(result.certification) };
  });
  on('POST', '/window-payments', (ctx) => {
    const body = withWindowChoices(ctx.body);
    const { rsp, payment } = completeWindowPayment(ctx.core, merchantOf(ctx).code, body, ctx.baseUrl);
    return { rsp, payment: payment ? paymentWire(payment, ctx.baseUrl) : null };
  });
}
