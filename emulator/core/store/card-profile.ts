// A test card as the store keeps it (service/test-cards.ts decides the behaviour of each number).
export type CardBehaviour =
  | 'approve'
  | 'invalid'
  | 'refuse'
  | 'expired'
  | 'insufficient'
  | 'limit'
  | 'suspended'
  | 'first-only'
  | 'unreachable';

/** What the emulator keeps of a card: behaviour, masked number and issuer. */
export interface CardProfile {
  behaviour: CardBehaviour;
  card_number: string;
  card_name: string;
  card_code: string;
  /** '0' credit, '1' debit: the spec types it as a string. */
  card_type: string;
}
