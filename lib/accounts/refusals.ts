import 'server-only';
import { refusals } from '@/lib/http';

// Why a change to the account (email, password, marketing, 회원탈퇴) was refused.
const table = {
  wrong_password: [403, '현재 비밀번호가 올바르지 않습니다.'],
  same_email: [400, '지금 쓰고 있는 이메일입니다. 바꿀 이메일을 입력해 주세요.'],
  email_taken: [409, '이미 사용 중인 이메일입니다.'],
  same_password: [400, '지금과 다른 비밀번호를 입력해 주세요.'],
  subscription_pending: [
    409,
    '첫 결제를 확인하고 있는 정기구독이 있어 지금은 탈퇴할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  ],
  withdrawal_stopped: [503, '탈퇴를 멈췄습니다. 잠시 후 다시 시도해 주세요.'],
  withdrawal_raced: [409, '탈퇴하는 동안 카드나 구독이 새로 생겼습니다. 다시 시도해 주세요.'],
} as const;

export const refuseAccount = refusals(table);
