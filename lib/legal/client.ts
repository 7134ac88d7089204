// The client-safe face of lib/legal: what pages, components and other folders may use of it in the browser.
export { type PolicySection, PRIVACY_POLICY_EFFECTIVE, PRIVACY_POLICY_VERSION, privacyPolicy } from './privacy-policy';
export { sellerLines } from './seller-info';
