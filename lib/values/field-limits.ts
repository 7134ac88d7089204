// The lengths of the account fields customers type, shared by the server's schemas (which refuse
// more with a 400) and the inputs (which stop typing there). The 배송지 has its own table in shipping.ts.

/** RFC 5321's longest address. */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 200;
