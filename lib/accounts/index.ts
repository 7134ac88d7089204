// The public face of lib/accounts: other folders import it through here, never a file inside.
import 'server-only';

export { changePassword, confirmPassword, passwordChangeSchema, passwordConfirmSchema } from './account-changes';
export { requireUserFrom, userFrom } from './current-user';
export {
  confirmEmailChange,
  emailChangeSchema,
  emailConfirmSchema,
  pendingEmailChange,
  requestEmailChange,
} from './email-change';
export { changeMarketingConsent, marketingChangeSchema } from './marketing';
export { hashPassword, verifyPassword } from './password';
export { requestPasswordReset, resetPassword, resetRequestSchema, resetSchema } from './password-reset';
export { refuseAccount } from './refusals';
export {
  anonymiseUser,
  deleteUserSessions,
  isLiveAccount,
  liveAccount,
  lockUser,
  mailRecipients,
  withdrawnAccounts,
} from './repository';
export { endSession, SESSION_COOKIE, SESSION_TTL_SECONDS, startSession, userForSession } from './sessions';
export { authenticate, credentialsSchema, toAccountSummary } from './sign-in';
export { mintSignedToken, verifySignedToken } from './signed-token';
export {
  activeUser,
  EmailTakenError,
  findUserById,
  insertUser,
  isPersonRegistered,
  normaliseEmail,
  PersonAlreadyRegisteredError,
  type User,
  type UserRow,
} from './users';
