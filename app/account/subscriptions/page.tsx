import type { Metadata } from 'next';
import { PriceChangeBanner } from '@/components/subscriptions/price-change-banner';
import { SubscriptionsManager } from '@/components/subscriptions/subscriptions-manager';
import { Panel } from '@/components/ui/panel';
import { iamport } from '@/lib/iamport';
import { findDefaultAddress } from '@/lib/orders';
import { requireUser } from '@/lib/routes';
import { catalogue, pendingPriceChanges } from '@/lib/subscriptions';

export const metadata: Metadata = { title: '정기구독' };

export default async function SubscriptionsPage() {
  const user = await requireUser('/account/subscriptions');
  const plans = await catalogue(await iamport().serviceNow());
  const priceChanges = await pendingPriceChanges(user.id);
  const defaultAddress = (await findDefaultAddress(user.id)) ?? null;
  return (
    <section>
      <h1>정기구독</h1>
      <p className="lead">
        구독하면 첫 결제가 바로 진행되고, 다음 결제는 이용 기간이 끝날 때 자동으로 진행됩니다. 무료 체험이 있는 요금제는
        체험 중 유료 전환에 따로 동의하신 경우에만 체험이 끝날 때 결제됩니다.
      </p>
      <PriceChangeBanner changes={priceChanges} />
      <SubscriptionsManager plans={plans} defaultAddress={defaultAddress} aside={<CancelHelp />} />
    </section>
  );
}

function CancelHelp() {
  return (
    <Panel id="cancel-help" aria-labelledby="cancel-help-heading">
      <h2 id="cancel-help-heading">해지 방법</h2>
      <ul className="consent-terms">
        <li>구독마다 있는 ‘구독 해지’ 버튼으로 언제든 해지할 수 있습니다.</li>
        <li>이용 기간 끝에 해지: 이미 결제한 기간까지 이용하고, 이후에는 결제되지 않습니다.</li>
        <li>
          지금 해지: 바로 이용이 끝나고, 남은 기간만큼(데모 플랜은 남은 초) 결제 금액을 나눠 원 단위로 내림한 금액을
          환불합니다. 환불 금액은 해지하기 전에 보여 드립니다.
        </li>
        <li>
          원두 정기배송(배송 상품)은 결제된 회차마다 상자를 하나씩 보내 드립니다(무료 체험은 체험 상자). 해지하면 다음
          상자와 결제가 멈추고, 이미 결제된 회차의 상자는 발송 전이어도 그대로 보내 드리며 환불되지 않습니다.
        </li>
        <li>
          무료 체험: 체험 중 ‘체험만 하고 종료’나 ‘구독 해지’를 누르면 요금 없이 끝납니다. 유료 전환에 동의하지 않으면
          체험이 끝날 때 결제 없이 끝납니다.
        </li>
        <li>
          가격이 오르면 바뀐 가격의 첫 결제 30일 전부터 따로 동의를 여쭙고, 동의하신 경우에만 바뀐 가격으로 결제합니다.
          동의하지 않으면 이용 기간 끝에 구독이 끝납니다. 가격이 내리면 따로 하실 일 없이 내린 가격으로 결제됩니다.
        </li>
      </ul>
    </Panel>
  );
}
