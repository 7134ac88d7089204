import 'server-only';
import { env, isLoopback } from '@/lib/env';
import type { Plan } from '@/lib/subscriptions/subscription-view';

/** How long one period lasts: calendar months (in Korea's time zone) or a fixed number of seconds. */
export type Period = { months: number } | { seconds: number };

export interface PlanDefinition extends Plan {
  period: Period;
  /** Only to watch renewals happen fast: offered while the emulator is the service, never to real customers. */
  demo?: boolean;
}

// The server owns plans and prices; a subscription keeps the price it was started with.
//
// A plan is a `service` (used over its period: cancel-now refunds the unused part pro rata) or
// `goods` (coffee delivered per period). Shipping rule for goods: each paid period is one box,
// made when that period's charge is paid, and a free trial of goods is a box too (0 won)
// (shipments.ts). A box once made ships whatever the customer cancels, so cancel-now refunds
// nothing of the running period — it ends it and stops the next boxes and charges.
const plans: readonly PlanDefinition[] = [
  {
    id: 'monthly-beans',
    name: '월간 원두 정기배송',
    description: '매달 갓 볶은 원두 500g을 보내 드립니다.',
    price: 19_900,
    periodLabel: '1개월',
    period: { months: 1 },
    kind: 'goods',
  },
  {
    id: 'tasting-club',
    name: '원두 테이스팅 클럽',
    description:
      '매달 새로운 산지의 원두 세 가지를 맛보는 구독입니다. 처음 14일은 무료 체험이며, 원두 세 가지를 맛볼 수 있는 체험 상자를 무료로 보내 드립니다.',
    price: 24_900,
    periodLabel: '1개월',
    period: { months: 1 },
    trialDays: 14,
    kind: 'goods',
  },
  {
    id: 'hourly-demo',
    // Its period is in the list beside the price ("1,000원 / 1시간"), not in its name.
    name: '데모 플랜',
    description: '결제 서비스 에뮬레이터로 운영할 때만 보이는 데모용 요금제입니다. 1시간마다 자동 결제됩니다.',
    price: 1_000,
    periodLabel: '1시간',
    period: { seconds: 3600 },
    demo: true,
    kind: 'service',
  },
];

export const listPlans = (): readonly PlanDefinition[] => plans;

/** The plans a customer may subscribe to: the demo plan only while the service is the emulator (IMP_API_URL). */
export const offeredPlans = (apiUrl = env.IMP_API_URL): readonly PlanDefinition[] =>
  plans.filter((plan) => !plan.demo || isLoopback(apiUrl));

/** A plan on offer by id; an existing subscription's plan (renewals, refunds) is found with findPlan. */
export const findOfferedPlan = (id: string, apiUrl = env.IMP_API_URL): PlanDefinition | undefined =>
  offeredPlans(apiUrl).find((plan) => plan.id === id);

export const findPlan = (id: string): PlanDefinition | undefined => plans.find((plan) => plan.id === id);

export const toPlan = ({ period: _period, ...plan }: PlanDefinition): Plan => plan;
