import { withTopic } from './format';
/** Where an order's goods go, as the order sheet gave it. */
export interface ShippingDetails {
  recipient: string;
  /** 010-1234-5678 */
  phone: string;
  /** 5-digit postcode (도로명주소 우편번호) */
  postcode: string;
  address: string;
  addressDetail: string;
  /** 배송 요청사항; may be empty. */
  note: string;
}

/** A saved default address: the order sheet's fields except the per-order note. */
export type SavedAddress = Omit<ShippingDetails, 'note'>;

export const MAX_QUANTITY = 10;
/** Orders of goods worth this much or more ship free; below it the fee applies. */
export const FREE_SHIPPING_FROM = 30_000;
export const SHIPPING_FEE = 3_000;

export interface OrderPrice {
  /** 상품 금액: unit price × quantity */
  itemsAmount: number;
  /** 배송비 */
  shippingFee: number;
  /** 총 결제금액 */
  total: number;
}

/**
 * The order sheet's breakdown. The server decides the amount with this function; the page uses
 * the same one only to show it. An order with no delivery (a barcode payment) has no fee.
 */
export function priceOrder(unitPrice: number, quantity: number, delivered: boolean): OrderPrice {
  const itemsAmount = unitPrice * quantity;
  const shippingFee = delivered && itemsAmount < FREE_SHIPPING_FROM ? SHIPPING_FEE : 0;
  return { itemsAmount, shippingFee, total: itemsAmount + shippingFee };
}

export type ShippingField = keyof ShippingDetails;

/**
 * How long each free-text field of the 배송지 may be: the server's schema refuses more (400), the
 * order sheet stops typing there and counts. One table for both sides.
 */
export const SHIPPING_LIMITS = { recipient: 20, address: 100, addressDetail: 100, note: 100 } as const;
export const shippingFieldLabel = {
  recipient: '받는 분',
  address: '주소',
  addressDetail: '상세 주소',
  note: '배송 요청사항',
} as const;
/** The one wording of a too-long field, on the page and in the server's 400. */
export const tooLongMessage = (field: keyof typeof SHIPPING_LIMITS) => {
  const label = shippingFieldLabel[field];
  return `${withTopic(label)} ${SHIPPING_LIMITS[field]}자까지 입력할 수 있습니다.`;
};

/** The order sheet's checks before anything is sent (the server checks again and has the last word). */
export function shippingProblems(details: ShippingDetails): Partial<Record<ShippingField, string>> {
  const problems: Partial<Record<ShippingField, string>> = {};
  for (const field of Object.keys(SHIPPING_LIMITS) as (keyof typeof SHIPPING_LIMITS)[]) {
    if (details[field].trim().length > SHIPPING_LIMITS[field]) problems[field] = tooLongMessage(field);
  }
  if (!details.recipient.trim()) problems.recipient = '받는 분을 입력해 주세요.';
  if (!/^01[016789]-?\d{3,4}-?\d{4}$/.test(details.phone.trim()))
    problems.phone = '휴대폰 번호를 010-1234-5678 형식으로 입력해 주세요.';
  if (!/^\d{5}$/.test(details.postcode.trim())) problems.postcode = '우편번호 5자리를 입력해 주세요.';
  if (!details.address.trim()) problems.address = '주소를 입력해 주세요.';
  // Reported in the order of the form, so the first problem gets the focus.
  const order: ShippingField[] = ['recipient', 'phone', 'postcode', 'address', 'addressDetail', 'note'];
  return Object.fromEntries(order.flatMap((field) => (problems[field] ? [[field, problems[field]]] : [])));
}
