import { issueToken } from '../core/service/tokens';
import { optionalText } from '../core/wire/fields';
import type { RestApi } from './rest';

export function tokenRoutes(api: RestApi): void {
  // POST /users/getToken — issue or re-read the access token (JSON or form body)
  api.open('POST', '/users/getToken', ({ core, body, dateAs }) =>
    issueToken(core, optionalText(body, 'imp_key'), optionalText(body, 'imp_secret'), dateAs),
  );
}
