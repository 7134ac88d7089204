// Operator roles, shared by the console's pages and the server: each role can do what the one
// before it can, and more.
export const OPERATOR_ROLES = ['viewer', 'refunder', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** viewer: reads; refunder: + refunds, webhook re-processing, reconciliation; admin: + subscriptions, operators. */
export const hasRole = (role: OperatorRole, needed: OperatorRole) =>
  OPERATOR_ROLES.indexOf(role) >= OPERATOR_ROLES.indexOf(needed);

export const roleLabel: Record<OperatorRole, string> = {
  viewer: '조회',
  refunder: '환불 담당',
  admin: '관리자',
};
