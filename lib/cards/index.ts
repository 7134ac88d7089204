// The public face of lib/cards: other folders import it through here, never a file inside.
import 'server-only';

export { cardSummaries } from './cards';
export { type Card, cardLabel, findChargeableCard, meansLine } from './chargeable';
export { type CardDependencyCheck, registerCardUse } from './dependents';
export { ABANDONED_AFTER_MS, deleteHeldKeys, deleteKey } from './keys';
export { chooseDefaultCard, removeCard } from './manage-cards';
export { completeWindowRegistration, settleRegistrationPayment, startWindowRegistration } from './register-in-window';
export { completeWindowRegistrationV2, settleIssuedKeyV2 } from './register-in-window-v2';
export { registerCardByKeyIn } from './register-key-in';
export {
  findActiveCard,
  findCard,
  findCardByCustomerUid,
  holdsCard,
  listActiveCards,
  listCardsWithUnwantedKeys,
  listHeldCards,
  listUserCards,
  markRemoved,
} from './repository';
export { cardIdFrom, keyInBody, windowResultBody, windowResultBodyV2, windowStartBody } from './requests';
