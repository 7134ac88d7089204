// 잘못된 계층구조 (전자상거래법 시행령 §20조의2, 공정위 다크패턴 문답서): in every two-way choice a
// customer meets — agree to subscribe or not, cancel at the period's end / now / keep it, turn a trial
// paid or end it, leave or stay — the options have the same size and the same look, on a desktop and
// on a phone, measured from the page (bounding boxes and computed styles). Accept / decline a price is
// measured in price-window.spec.ts (its window needs the clock).
import { expect, test } from '@playwright/test';
import { registerCardByKeyIn } from '../support/cards';
import { expectEqualOptions, onEachScreen } from '../support/compliance';
import { shot, signUp } from '../support/customers';
import { AGREE, openTerms, subscribeTo } from '../support/subscriptions';

test.describe.configure({ timeout: 180_000 });

onEachScreen((screen) => {
  test(`every two-way choice has options of one size and one look (${screen})`, async ({ page }, testInfo) => {
    await signUp(page);
    await registerCardByKeyIn(page);

    // Subscribe or not (the consent ticked: both answers live).
    const item = await openTerms(page, '데모 플랜');
    await item.getByRole('checkbox', { name: AGREE }).check();
    const subscribe = item.getByRole('button', { name: '동의하고 구독하기' });
    await expectEqualOptions([subscribe, item.getByRole('button', { name: '구독하지 않기' })]);
    await item.getByRole('button', { name: '구독하지 않기' }).scrollIntoViewIfNeeded();
    await shot(page, testInfo, `1-subscribe-${screen}`);
    await subscribe.click();
    await expect(item.getByRole('status')).toContainText('구독이 시작되었습니다');

    // Cancel at the period's end, now, or keep it.
    const demo = page.getByRole('article', { name: /데모 플랜/ });
    await demo.getByRole('button', { name: '구독 해지' }).click();
    const cancel = demo.getByRole('group', { name: '구독 해지' });
    await expect(cancel.getByRole('status')).toContainText('환불합니다');
    await expectEqualOptions(
      ['기간 끝에 해지하기', '지금 해지하기', '계속 이용하기'].map((name) => cancel.getByRole('button', { name })),
    );
    await cancel.scrollIntoViewIfNeeded();
    await shot(page, testInfo, `2-cancel-${screen}`);
    await cancel.getByRole('button', { name: '계속 이용하기' }).click();

    // A free trial: turn it paid, or only try it.
    await subscribeTo(page, '원두 테이스팅 클럽', '무료 체험이 시작되었습니다');
    const ask = page
      .getByRole('article', { name: /원두 테이스팅 클럽/ })
      .getByRole('region', { name: '무료 체험 후 유료 전환' });
    await expectEqualOptions([
      ask.getByRole('button', { name: '유료 전환에 동의' }),
      ask.getByRole('button', { name: '체험만 하고 종료' }),
    ]);
    await ask.scrollIntoViewIfNeeded();
    await shot(page, testInfo, `3-trial-${screen}`);

    // Leave or stay.
    await page.goto('/account');
    await page.getByRole('button', { name: '회원탈퇴' }).click();
    const leave = page.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
    await expectEqualOptions([
      leave.getByRole('button', { name: '취소' }),
      leave.getByRole('button', { name: '탈퇴하기' }),
    ]);
    await shot(page, testInfo, `4-withdraw-${screen}`);
  });
});
