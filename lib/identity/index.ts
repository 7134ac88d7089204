// The public face of lib/identity: other folders import it through here, never a file inside.
import 'server-only';

export { findVerifiedCheck, issueCheck } from './checks';
export { IDENTITY_SERVICE_UNAVAILABLE, refuse } from './refusals';
export { signUp } from './signup';
export { clearSignupCookie, ensureSignupBrowser, signupBrowserHash } from './signup-cookie';
export { verifyCertification } from './verify-certification';
export { verifyIdentityV2 } from './verify-identity-v2';
