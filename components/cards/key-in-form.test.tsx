import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/browser/api';
import { findToast, renderWithToasts } from '@/test/toasts';
import { KeyInForm } from './key-in-form';

// The route itself is tested for real in test/routes/cards/key-in-registration.db.test.ts; here the form's
// masks and checks, with onRegister standing in for the request.
const number = () => screen.getByLabelText('카드 번호');
const expiry = () => screen.getByLabelText('유효기간 (MM/YY)');
const birth = () => screen.getByLabelText('생년월일 또는 사업자등록번호');
const password = () => screen.getByLabelText('카드 비밀번호 앞 2자리');
const submit = () => userEvent.click(screen.getByRole('button', { name: '카드 등록' }));
const consentBox = () => screen.getByRole('checkbox', { name: '카드 등록(빌링키 보관)에 동의합니다' });
const agree = () => userEvent.click(consentBox());

async function fillValid() {
  await userEvent.type(number(), '4242424242424242');
  await userEvent.type(expiry(), '1229');
  await userEvent.type(birth(), '900101');
  await userEvent.type(password(), '12');
  await agree();
}

describe('KeyInForm', () => {
  it('masks as the customer types: dashes in the number, a slash in the expiry, digits only', async () => {
    renderWithToasts(<KeyInForm onRegister={vi.fn()} />);
    await userEvent.type(number(), '4242 4242abc42424242 9999');
    expect(number()).toHaveValue('4242-4242-4242-4242');
    await userEvent.type(expiry(), '12/2999');
    expect(expiry()).toHaveValue('12/29');
    await userEvent.type(birth(), '123-45-67890');
    expect(birth()).toHaveValue('1234567890');
    await userEvent.type(password(), '1x234');
    expect(password()).toHaveValue('12');
    expect(password()).toHaveAttribute('type', 'password');
  });

  it('asks consent to keep the card, showing it masked; the button waits for the unchecked box', async () => {
    const onRegister = vi.fn().mockResolvedValue(undefined);
    renderWithToasts(<KeyInForm onRegister={onRegister} />);
    await userEvent.type(number(), '4242424242424242');
    // The masked number is one piece (a phone never breaks it at a hyphen).
    const masked = screen.getByText('4242-42**-****-4242');
    expect(masked).toHaveClass('nowrap');
    expect(masked.closest('li')).toHaveTextContent(/^등록할 카드: 4242-42\*\*-\*\*\*\*-4242$/);
    expect(consentBox()).not.toBeChecked();
    expect(screen.getByRole('button', { name: '카드 등록' })).toBeDisabled();
    await agree();
    expect(screen.getByRole('button', { name: '카드 등록' })).toBeEnabled();
  });

  it('sends the masked fields and the consent once all are valid, then clears the form', async () => {
    const onRegister = vi.fn().mockResolvedValue(undefined);
    renderWithToasts(<KeyInForm onRegister={onRegister} />);
    await fillValid();
    await submit();
    expect(onRegister).toHaveBeenCalledWith(
      { cardNumber: '4242-4242-4242-4242', expiry: '12/29', birth: '900101', pwd2digit: '12' },
      { agreed: true, version: expect.stringMatching(/^card-billing-key-/) },
    );
    expect(await findToast('카드가 등록되었습니다.')).toBeVisible();
    expect(number()).toHaveValue('');
    expect(password()).toHaveValue('');
  });

  it('names each problem next to its field and sends nothing', async () => {
    const onRegister = vi.fn();
    renderWithToasts(<KeyInForm onRegister={onRegister} />);
    await agree();
    await submit();
    expect(number()).toHaveAccessibleDescription('아멕스(AMEX)는 15자리입니다. 카드 번호 16자리를 입력해 주세요.');
    expect(expiry()).toHaveAccessibleDescription('유효기간을 MM/YY 형식으로 입력해 주세요 (예: 12/29).');
    expect(birth()).toHaveAccessibleDescription(
      '개인 카드는 생년월일 6자리(YYMMDD), 법인 카드는 사업자등록번호 10자리 생년월일 6자리 또는 사업자등록번호 10자리를 입력해 주세요.',
    );
    expect(password()).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(number(), '4242424242424241');
    await userEvent.type(expiry(), '1329');
    await userEvent.type(birth(), '90010');
    await userEvent.type(password(), '1');
    await submit();
    expect(number()).toHaveAccessibleDescription(
      '아멕스(AMEX)는 15자리입니다. 카드 번호가 올바르지 않습니다. 다시 확인해 주세요.',
    );
    expect(expiry()).toHaveAttribute('aria-invalid', 'true');
    expect(birth()).toHaveAttribute('aria-invalid', 'true');
    expect(onRegister).not.toHaveBeenCalled();

    // Correcting a field clears its message.
    await userEvent.clear(number());
    await userEvent.type(number(), '4242424242424242');
    expect(number()).not.toHaveAttribute('aria-invalid');
  });

  it("shows the issuer's refusal and keeps what was typed to correct it", async () => {
    const refusal = '카드 등록이 거절되었습니다: [F112] 카드사에서 승인을 거절하였습니다.';
    renderWithToasts(<KeyInForm onRegister={vi.fn().mockRejectedValue(new ApiError(422, 'card_refused', refusal))} />);
    await fillValid();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(number()).toHaveValue('4242-4242-4242-4242');
    expect(screen.getByRole('button', { name: '카드 등록' })).toBeEnabled();
  });

  it('is disabled while the request runs, so a double click registers once', async () => {
    let finish: () => void = () => undefined;
    const onRegister = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithToasts(<KeyInForm onRegister={onRegister} />);
    await fillValid();
    await submit();
    const busy = screen.getByRole('button', { name: '카드 확인 중…' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(onRegister).toHaveBeenCalledTimes(1);
    finish();
    // Registered: the form is empty again and a next card needs its own consent.
    expect(await screen.findByRole('button', { name: '카드 등록' })).toBeDisabled();
    expect(consentBox()).not.toBeChecked();
  });
});
