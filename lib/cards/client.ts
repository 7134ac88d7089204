// The client-safe face of lib/cards: what pages, components and other folders may use of it in the browser.
export {
  type KeyInErrors,
  type KeyInFields,
  maskCardNumber,
  maskDigits,
  maskExpiry,
  validateKeyIn,
} from './card-input';
export {
  type CardSummary,
  cardOptionLabel,
  meansName,
  meansTerm,
  type RegistrationAnswer,
  type WindowRegistration,
} from './card-view';
