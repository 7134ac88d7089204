'use client';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/browser/client';
import {
  type KeyInErrors,
  type KeyInFields,
  maskCardNumber,
  maskDigits,
  maskExpiry,
  validateKeyIn,
} from '@/lib/cards/client';
import { type CardConsentGiven, cardConsentGiven, hideCardNumber } from '@/lib/consents/client';
import { CardConsentField } from './card-consent-field';

interface Props {
  onRegister(fields: KeyInFields, consent: CardConsentGiven): Promise<unknown>;
}

const empty: KeyInFields = { cardNumber: '', expiry: '', birth: '', pwd2digit: '' };
const masks: Record<keyof KeyInFields, (value: string) => string> = {
  cardNumber: maskCardNumber,
  expiry: maskExpiry,
  birth: (value) => maskDigits(value, 10),
  pwd2digit: (value) => maskDigits(value, 2),
};

/**
 * Card entry on our own page: masked as typed, checked before sending, and cleared once sent —
 * the entered data lives only in this form's state and the one request to our server.
 */
export function KeyInForm({ onRegister }: Props) {
  const [fields, setFields] = useState<KeyInFields>(empty);
  const [errors, setErrors] = useState<KeyInErrors>({});
  const [failure, setFailure] = useState<string>();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const [agreed, setAgreed] = useState(false);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const name = event.target.name as keyof KeyInFields;
    setFields((current) => ({ ...current, [name]: masks[name](event.target.value) }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateKeyIn(fields);
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0 || !agreed) return;
    setPending(true);
    try {
      await onRegister(fields, cardConsentGiven);
      setFields(empty);
      setAgreed(false);
      toast('카드가 등록되었습니다.');
    } catch (caught) {
      const error = caught instanceof ApiError ? caught : undefined;
      setErrors((error?.fields ?? {}) as KeyInErrors);
      setFailure(error?.message ?? '카드를 등록하지 못했습니다. 잠시 후 다시 시도해 주세요.');
    } finally {
      setPending(false);
    }
  }

  const field = (name: keyof KeyInFields) => ({ name, value: fields[name], onChange, error: errors[name] });
  return (
    <form method="post" onSubmit={onSubmit} className="form" noValidate aria-label="카드 번호 직접 입력">
      {failure && <Alert>{failure}</Alert>}
      <TextField
        {...field('cardNumber')}
        label="카드 번호"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000-0000-0000-0000"
        hint="아멕스(AMEX)는 15자리입니다."
        required
      />
      <TextField
        {...field('expiry')}
        label="유효기간 (MM/YY)"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        required
      />
      <TextField
        {...field('birth')}
        label="생년월일 또는 사업자등록번호"
        hint="개인 카드는 생년월일 6자리(YYMMDD), 법인 카드는 사업자등록번호 10자리"
        inputMode="numeric"
        required
      />
      <TextField
        {...field('pwd2digit')}
        label="카드 비밀번호 앞 2자리"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <CardConsentField
        maskedCard={hideCardNumber(fields.cardNumber)}
        checked={agreed}
        disabled={pending}
        onChange={setAgreed}
      />
      <SubmitButton pending={pending} pendingLabel="카드 확인 중…" disabled={pending || !agreed}>
        카드 등록
      </SubmitButton>
    </form>
  );
}
