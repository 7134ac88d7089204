import type * as Loader from './portone-loader';

// The V2 wrappers come with their first use, once a start route has answered `api: 'v2'`: a V1
// shop never fetches them, and a V2 shop's pages stay within the bundle budget (e2e/bundle-budget.spec.ts).
const loader = () => import('./portone-loader');

export const verifyIdentityV2: typeof Loader.verifyIdentityV2 = async (...args) =>
  (await loader()).verifyIdentityV2(...args);
export const issueBillingKeyV2: typeof Loader.issueBillingKeyV2 = async (...args) =>
  (await loader()).issueBillingKeyV2(...args);
export const requestPaymentV2: typeof Loader.requestPaymentV2 = async (...args) =>
  (await loader()).requestPaymentV2(...args);
