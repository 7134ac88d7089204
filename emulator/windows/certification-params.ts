// IMP.certification params (spec: all optional), checked when the window is asked for. `carrier`
// restricts the carriers the tester may pick: one of the four documented values (KT also as the
// older KTF; MVNO allows the three MVNO carriers) or one exact carrier of the record.
import { CARRIERS, normalisePhone } from '../core/service/certifications';
import { invalid } from '../core/wire/errors';
import { type Body, optionalInteger, optionalText } from '../core/wire/fields';

export interface CertificationParams {
  merchant_uid: string | null;
  min_age: number | null;
  name: string | null;
  phone: string | null;
  /** The carriers the tester may choose from. */
  carriers: readonly string[];
  /** Pre-fill from `birth` (YYYYMMDD or YYYY-MM-DD), as YYYY-MM-DD. */
  birthday: string | null;
  company: string | null;
}

const CARRIER_PARAMS: Record<string, readonly string[]> = {
  SKT: ['SKT'],
  KT: ['KT'],
  KTF: ['KT'],
  LGT: ['LGT'],
  MVNO: ['SKT_MVNO', 'KT_MVNO', 'LGT_MVNO'],
};

function carriersOf(carrier: string | null): readonly string[] {
  if (carrier === null) return CARRIERS;
  const named = Object.hasOwn(CARRIER_PARAMS, carrier) ? CARRIER_PARAMS[carrier] : undefined;
  const allowed = named ?? (CARRIERS.includes(carrier as never) ? [carrier] : null);
  if (!allowed) throw invalid('carrier', `${Object.keys(CARRIER_PARAMS).join(', ')} 중 하나여야 합니다.`);
  return allowed;
}

export function readCertificationParams(body: Body): CertificationParams {
  const minAge = optionalInteger(body, 'min_age');
  if (minAge !== null && minAge < 0) throw invalid('min_age', '0 이상이어야 합니다.');
  const phoneText = optionalText(body, 'phone', { max: 20 });
  const phone = phoneText === null ? null : normalisePhone(phoneText);
  if (phoneText !== null && phone === null) throw invalid('phone', '휴대폰 번호 형식이 아닙니다 (예: 010-1234-5678).');
  const birth = optionalText(body, 'birth', { pattern: /^\d{4}-?\d{2}-?\d{2}$/, format: 'YYYYMMDD 또는 YYYY-MM-DD' });
  const digits = birth?.replaceAll('-', '');
  return {
    merchant_uid: optionalText(body, 'merchant_uid', { max: 40 }),
    min_age: minAge,
    name: optionalText(body, 'name', { max: 30 }),
    phone,
    carriers: carriersOf(optionalText(body, 'carrier', { max: 20 })),
    birthday: digits ? `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}` : null,
    company: optionalText(body, 'company', { max: 200 }),
  };
}
