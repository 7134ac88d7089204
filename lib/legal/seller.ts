import 'server-only';
import { env } from '@/lib/env';
import type { SellerInfo } from '@/lib/legal/seller-info';

/** The seller as configured (SHOP_* variables; demo values marked "(데모)" when unset). */
export const sellerInfo = (): SellerInfo => ({
  legalName: env.SHOP_LEGAL_NAME,
  ceo: env.SHOP_CEO,
  address: env.SHOP_ADDRESS,
  phone: env.SHOP_PHONE,
  email: env.SHOP_EMAIL,
  businessNo: env.SHOP_BUSINESS_NO,
  mailOrderNo: env.SHOP_MAIL_ORDER_NO,
  privacyOfficer: env.SHOP_PRIVACY_OFFICER,
});
