/** The header the server stamps with a request's TCP peer address, overwriting any a client sent. */
export const PEER_HEADER = 'x-imp-peer-address';
