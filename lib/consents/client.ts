// The client-safe face of lib/consents: what pages, components and other folders may use of it in the browser.
export { type CardConsentGiven, cardConsentGiven, cardConsentText, hideCardNumber } from './shared/card-text';
export { type ConsentEntry, consentKindLabel, marketingAgreed, type OperatorConsentEntry } from './shared/entries';
export { SIGNUP_TERMS, type SignupTerm, type SignupTermKind, signupConsents, signupTerm } from './shared/signup-terms';
