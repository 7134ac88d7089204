// The public face of lib/audit: other folders import it through here, never a file inside.
import 'server-only';

export {
  type AuditAction,
  type AuditEntry,
  appendAudit,
  kstDayStart,
  listAudit,
  type Operator,
  refundFailedAudit,
} from './audit';
