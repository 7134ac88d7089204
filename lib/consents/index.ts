// The public face of lib/consents: other folders import it through here, never a file inside.
import 'server-only';

export { type CardConsent, logCardConsent, requireCardConsent } from './card';
export { openConsent, sealConsent } from './consent-token';
export { type ConsentClient, consentEntries, operatorConsentEntries, recordConsent, sha256 } from './log';
export { consentClientOf } from './request-client';
export {
  type CheckedTerm,
  checkSignupConsents,
  logSignupConsents,
  signupConsentsSchema,
  termTextSha256,
} from './signup';
