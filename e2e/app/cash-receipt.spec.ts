// 현금영수증 on the order page of a 가상계좌 order (issue 36, item 4), on a desktop and a phone: a bad
// number said under the field, the request kept while the account waits, issued with its 승인번호
// once the deposit arrives (the emulator's bank, its notice to the app). The window is completed
// through the emulator's control API: the order sheet offers 가상계좌 in its own spec.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { appUrl, emulatorUrl } from '../../playwright.config';
import { connectEmulator } from '../../test/emulator/kit';
import { signUp } from '../support/customers';

const emulator = connectEmulator(emulatorUrl);
const shipping = {
  recipient: '김하늘',
  phone: '010-2345-6789',
  postcode: '04524',
  address: '서울특별시 중구 세종대로 110',
  addressDetail: '3층',
  note: '',
};

/** A 가상계좌 order waiting for its deposit: answers its number and the payment's imp_uid. */
async function awaitingVbankOrder(page: Page): Promise<{ orderNumber: string; impUid: string }> {
  const headers = { origin: appUrl };
  const started = await page.request.post('/api/checkout', {
    data: { productId: 'ceramic-mug', idempotencyKey: randomUUID(), shipping },
    headers,
  });
  const { checkout } = await started.json();
  const { rsp } = await emulator.completeWindowPayment({
    pg: checkout.pg,
    pay_method: 'vbank',
    merchant_uid: checkout.merchantUid,
    amount: checkout.amount,
    name: checkout.name,
    vbank_code: '004',
    vbank_due: (await emulator.now()) + 3 * 86_400,
  });
  const verified = await page.request.post('/api/checkout/verify', {
    data: { merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid },
    headers,
  });
  const { order } = await verified.json();
  expect(order.status).toBe('awaiting');
  return { orderNumber: order.orderNumber, impUid: rsp.imp_uid ?? '' };
}

const viewports = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

for (const [device, viewport] of Object.entries(viewports)) {
  test.describe(device, () => {
    test.use({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone' });

    test(`현금영수증 asked on the order page, issued when the deposit arrives (${device})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      await signUp(page);
      const { orderNumber, impUid } = await awaitingVbankOrder(page);
      await page.goto(`/account/orders/${orderNumber}`);
      const section = page.getByRole('region', { name: '현금영수증' });
      await expect(section.getByRole('radio', { name: /소득공제용/ })).toBeChecked();
      // The section as it looks at each step (SHOTS_DIR: also kept there, e.g. for a review).
      const shoot = async (name: string) => {
        const file = `${device}-order-${name}.png`;
        await section.screenshot({ path: testInfo.outputPath(file) });
        if (process.env.SHOTS_DIR) await section.screenshot({ path: `${process.env.SHOTS_DIR}/${file}` });
      };
      await shoot('ask');

      await section.getByRole('radio', { name: /지출증빙용/ }).check();
      const business = section.getByLabel('사업자등록번호');
      await business.fill('124-81-00999');
      await section.getByRole('button', { name: '현금영수증 신청' }).click();
      await expect(business).toHaveAttribute('aria-invalid', 'true');
      await expect(section).toContainText('올바른 사업자등록번호가 아닙니다');
      await shoot('bad-number');

      await business.fill('124-81-00998');
      await section.getByRole('button', { name: '현금영수증 신청' }).click();
      await expect(section).toContainText('발급 대기');
      await expect(section).toContainText('***-**-*0998');
      await expect(section).toContainText('입금이 확인되면 발급됩니다.');
      await shoot('requested');

      await emulator.deposit(impUid);
      await page.reload();
      await expect(section).toContainText('발급 완료');
      await expect(section).toContainText('승인번호');
      await expect(section.getByRole('button', { name: '현금영수증 신청' })).toHaveCount(0);
      await shoot('issued');
    });
  });
}
