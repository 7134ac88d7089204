// The client-safe face of lib/accounts: what pages, components and other folders may use of it in the browser.
export {
  type AccountSummary,
  customerLabel,
  genderLabel,
  isWithdrawnEmail,
  type PendingEmailChange,
  WITHDRAWN_NAME,
} from './account';
