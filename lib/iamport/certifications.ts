import 'server-only';
import type { z } from 'zod';
import { type Call, segment } from './http';
import { options, parseRequest, readPayload } from './parse';
import { type Certification, certificationSchema } from './schemas/certification';
import { id } from './schemas/request-fields';

const certificationRequest = options({ imp_uid: id });

export type CertificationOptions = z.input<typeof certificationRequest>;

export function createCertifications(call: Call) {
  return {
    /**
     * GET /certifications/{imp_uid}: the result of a certification the browser reported. Check
     * `certified`, its age against `client.serviceNow()`, and `unique_key` for one account per person.
     */
    async get(input: CertificationOptions): Promise<Certification> {
      const { imp_uid, timeoutMs } = parseRequest('certifications.get', certificationRequest, input);
      return readPayload(await call('GET', `/certifications/${segment(imp_uid)}`, { timeoutMs }), certificationSchema);
    },

    /** DELETE /certifications/{imp_uid}: removes the stored result; answers with it. */
    async delete(input: CertificationOptions): Promise<Certification> {
      const { imp_uid, timeoutMs } = parseRequest('certifications.delete', certificationRequest, input);
      const answer = await call('DELETE', `/certifications/${segment(imp_uid)}`, { timeoutMs });
      return readPayload(answer, certificationSchema);
    },
  };
}

export type CertificationsApi = ReturnType<typeof createCertifications>;
