// The seller's particulars (사업자 정보) the 전자상거래법 asks an online shop to show: one list, in
// the order Korean shops show it, for the footer, the receipts and the privacy policy.

export interface SellerInfo {
  legalName: string;
  ceo: string;
  address: string;
  phone: string;
  email: string;
  businessNo: string;
  mailOrderNo: string;
  privacyOfficer: string;
}

/** [label, value] pairs, as the footer and the receipt mail list them. */
export const sellerLines = (seller: SellerInfo): [string, string][] => [
  ['상호', seller.legalName],
  ['대표자', seller.ceo],
  ['영업소 주소', seller.address],
  ['전화번호', seller.phone],
  ['전자우편주소', seller.email],
  ['사업자등록번호', seller.businessNo],
  ['통신판매업 신고번호', seller.mailOrderNo],
  ['개인정보 보호책임자', seller.privacyOfficer],
];
