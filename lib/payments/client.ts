// The client-safe face of lib/payments: what pages, components and other folders may use of it in the browser.
export { describeFailure, failureWords } from './failure-words';
export { type Settlement, settlement } from './settlement';
