// The client-safe face of lib/http: what pages, components and other folders may use of it in the browser.
export { REQUEST_ID_HEADER, requestIdFor } from './request-id';
export { makeNonce, securityHeaders } from './security-headers';
