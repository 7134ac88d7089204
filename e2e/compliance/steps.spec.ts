// 취소·탈퇴 방해 (전자상거래법 시행령 §20조의2): ending a subscription takes no more steps than starting
// one and at most one confirmation, and it is two clicks away from every account page; leaving (회원탈퇴)
// likewise against signing up. Counted on the real pages, on a desktop and on a phone.
import { expect, type Page, test } from '@playwright/test';
import { onEachScreen, Steps } from '../support/compliance';
import { certificationLayer, newPerson, type Person, shot } from '../support/customers';
import { customerWithPaidOrder } from '../support/orders';
import { AGREE } from '../support/subscriptions';

test.describe.configure({ timeout: 180_000 });

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: '사이트' }).getByRole('link', { name });

/** The account pages there are for a customer with an order and a subscription. */
async function accountPages(page: Page): Promise<string[]> {
  await page.goto('/account/orders');
  const order = await page
    .getByRole('link', { name: /주문 상세/ })
    .first()
    .getAttribute('href');
  return ['/account', '/account/cards', '/account/orders', ...(order ? [order] : []), '/account/subscriptions'];
}

onEachScreen((screen) => {
  test(`ending a subscription: no more steps than starting one, one confirmation, two clicks from every account page (${screen})`, async ({
    page,
  }, testInfo) => {
    await customerWithPaidOrder(page);
    await page.goto('/account');

    const start = new Steps();
    await start.click(nav(page, '정기구독'), '정기구독');
    const plan = page.getByRole('listitem', { name: '데모 플랜' });
    await start.click(plan.getByRole('button', { name: '구독하기' }), '구독하기');
    await start.check(plan.getByRole('checkbox', { name: AGREE }), 'consent');
    await start.click(plan.getByRole('button', { name: '동의하고 구독하기' }), '동의하고 구독하기');
    await expect(plan.getByRole('status')).toContainText('구독이 시작되었습니다');
    const subscription = page.getByRole('article', { name: /데모 플랜/ });

    for (const path of await accountPages(page)) {
      await page.goto(path);
      const reach = new Steps();
      if (path !== '/account/subscriptions') await reach.click(nav(page, '정기구독'));
      await reach.click(subscription.getByRole('button', { name: '구독 해지' }));
      await expect(subscription.getByRole('group', { name: '구독 해지' }), `from ${path}`).toBeVisible();
      expect(reach.clicks, `clicks to cancelling from ${path}`).toBeLessThanOrEqual(2);
    }

    await page.goto('/account');
    const end = new Steps();
    await end.click(nav(page, '정기구독'), '정기구독');
    await end.click(subscription.getByRole('button', { name: '구독 해지' }), '구독 해지');
    await expect(subscription.getByRole('group', { name: '구독 해지' }).getByRole('status')).toContainText(
      '환불합니다',
    );
    await end.confirm(subscription.getByRole('button', { name: '기간 끝에 해지하기' }), '기간 끝에 해지하기');
    await expect(subscription).toContainText('해지 예약됨');
    await shot(page, testInfo, `cancelled-${screen}`);

    testInfo.annotations.push({
      type: 'steps',
      description: `subscribe: ${start.log.join(' → ')}; cancel: ${end.log.join(' → ')}`,
    });
    expect(end.clicks).toBeLessThanOrEqual(start.clicks);
    expect(end.typed).toBeLessThanOrEqual(start.typed);
    expect(end.confirmations).toBeLessThanOrEqual(1);
  });

  test(`leaving: no more steps than signing up, one confirmation, two clicks from every account page (${screen})`, async ({
    page,
  }, testInfo) => {
    const person: Person = newPerson();
    const join = new Steps();
    await page.goto('/signup?window=layer');
    await join.click(page.getByRole('button', { name: '휴대폰 본인인증 하기' }), '본인인증');
    const layer = certificationLayer(page);
    await join.fill(layer.getByLabel('이름'), person.name);
    await join.fill(layer.getByLabel('생년월일'), person.birthday);
    await join.check(layer.getByLabel(person.gender), 'gender');
    await join.fill(layer.getByLabel('휴대폰 번호'), person.phone);
    await join.select(layer.getByLabel('통신사'), 'SKT', 'carrier');
    await join.click(layer.getByRole('button', { name: '인증하기' }), '인증하기');
    await expect(page.getByLabel('이름 (본인인증)')).toHaveValue(person.name);
    await join.fill(page.getByLabel('이메일'), person.email);
    await join.fill(page.getByLabel('비밀번호', { exact: true }), person.password);
    await join.fill(page.getByLabel('비밀번호 확인'), person.password);
    await join.check(page.getByLabel('전체 동의'), '전체 동의');
    await join.click(page.getByRole('button', { name: '가입하기' }), '가입하기');
    await expect(page).toHaveURL(/\/account$/);

    for (const path of ['/account', '/account/cards', '/account/orders', '/account/subscriptions']) {
      await page.goto(path);
      const reach = new Steps();
      if (path !== '/account') await reach.click(nav(page, '내 계정'));
      await reach.click(page.getByRole('button', { name: '회원탈퇴' }));
      const dialog = page.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
      await expect(dialog, `from ${path}`).toBeVisible();
      expect(reach.clicks, `clicks to leaving from ${path}`).toBeLessThanOrEqual(2);
      await dialog.getByRole('button', { name: '취소' }).click();
    }

    await page.goto('/account/cards');
    const leave = new Steps();
    await leave.click(nav(page, '내 계정'), '내 계정');
    await leave.click(page.getByRole('button', { name: '회원탈퇴' }), '회원탈퇴');
    const dialog = page.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
    await leave.fill(dialog.getByLabel('비밀번호 확인'), person.password);
    await leave.confirm(dialog.getByRole('button', { name: '탈퇴하기' }), '탈퇴하기');
    await expect(page.getByRole('alertdialog', { name: '탈퇴가 완료되었습니다' })).toBeVisible();

    testInfo.annotations.push({
      type: 'steps',
      description: `signup: ${join.log.join(' → ')}; leave: ${leave.log.join(' → ')}`,
    });
    expect(leave.clicks).toBeLessThanOrEqual(join.clicks);
    expect(leave.typed).toBeLessThanOrEqual(join.typed);
    expect(leave.confirmations).toBeLessThanOrEqual(1);
  });
});
