// Financial-network standard codes (금융결제원 표준코드) of card issuers and banks, as GET /cards and
// GET /banks answer them. The banks are the Swagger file's own table (GET /vbanks/holder); the
// card issuers include every one a test card is issued by (test-cards.ts).
export interface StandardCode {
  code: string;
  name: string;
}

const table = (rows: [string, string][]): StandardCode[] => rows.map(([code, name]) => ({ code, name }));

export const CARD_CODES = table([
  ['361', 'BC카드'],
  ['364', '광주카드'],
  ['365', '삼성카드'],
  ['366', '신한카드'],
  ['367', '현대카드'],
  ['368', '롯데카드'],
  ['369', '수협카드'],
  ['370', '씨티카드'],
  ['371', 'NH농협카드'],
  ['372', '전북카드'],
  ['373', '제주카드'],
  ['374', '하나카드'],
  ['381', 'KB국민카드'],
  ['041', '우리카드'],
  ['071', '우체국카드'],
]);

export const BANK_CODES = table([
  ['002', '산업은행'],
  ['003', '기업은행'],
  ['004', 'KB국민은행'],
  ['005', '외환은행'],
  ['007', '수협'],
  ['011', '농협'],
  ['012', '축협'],
  ['020', '우리은행'],
  ['023', 'SC제일은행'],
  ['027', '한국씨티은행'],
  ['031', '대구은행'],
  ['032', '부산은행'],
  ['034', '광주은행'],
  ['035', '제주은행'],
  ['037', '전북은행'],
  ['039', '경남은행'],
  ['048', '신협'],
  ['071', '우체국'],
  ['081', '하나은행'],
  ['088', '신한은행'],
  ['089', 'K뱅크'],
  ['090', '카카오뱅크'],
  ['209', '유안타증권'],
  ['218', '현대증권'],
  ['230', '미래에셋증권'],
  ['238', '대우증권'],
  ['240', '삼성증권'],
  ['243', '한국투자증권'],
  ['247', '우리투자증권'],
  ['261', '교보증권'],
  ['262', '하이투자증권'],
  ['264', '키움증권'],
  ['267', '대신증권'],
  ['269', '한화증권'],
  ['278', '신한금융투자'],
  ['279', '동부증권'],
  ['280', '유진투자증권'],
  ['287', '메리츠증권'],
  ['289', 'NH투자증권'],
  ['290', '부국증권'],
]);

const byCode = (codes: StandardCode[]) => new Map(codes.map((entry) => [entry.code, entry]));
const cards = byCode(CARD_CODES);
const banks = byCode(BANK_CODES);

export const cardCode = (code: string): StandardCode | undefined => cards.get(code);
export const bankCode = (code: string): StandardCode | undefined => banks.get(code);
