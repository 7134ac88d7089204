// Validates V2 answers against PortOne's own OpenAPI 3.0 file, per operation and status.
// portone-v2-openapi.json: src/schema/v2.openapi.json of the public repository
// portone-io/developers.portone.io (commit af926bd2), copied so a clean clone runs the suite.
//
// OpenAPI 3.0 is not quite JSON Schema, so the components are adapted before Ajv compiles them;
// each adaptation says why.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  'x-portone-category'?: string;
}

const file = path.join(import.meta.dirname, 'portone-v2-openapi.json');
export const spec = JSON.parse(readFileSync(file, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** Recursively adapts one schema node. */
function adapt(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(adapt);
  if (typeof node !== 'object' || node === null) return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) out[key] = adapt(value);
  // 1. A discriminated union (`oneOf` + `discriminator.mapping`) is checked by its tag: the tag
  //    must be one of the mapping's values and the object must fit that variant (plain oneOf
  //    would accept any variant that happens to fit, or none when two do).
  const discriminator = out.discriminator as { propertyName: string; mapping?: Record<string, string> } | undefined;
  if (discriminator?.mapping && out.oneOf) {
    const tag = discriminator.propertyName;
    const entries = Object.entries(discriminator.mapping);
    delete out.oneOf;
    delete out.discriminator;
    out.type = 'object';
    out.required = [tag];
    out.properties = { [tag]: { enum: entries.map(([value]) => value) } };
    out.allOf = entries.map(([value, ref]) => ({
      if: { properties: { [tag]: { const: value } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a promise
      then: { $ref: ref },
    }));
    return out;
  }
  // 2. Objects are closed: a misspelt or invented field fails (the file lists every field).
  if (out.properties && out.additionalProperties === undefined && out.type === 'object')
    out.additionalProperties = false;
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
// 3. The formats the file uses: date-time as RFC 3339, integers' widths as safe integers.
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
ajv.addFormat('binary', () => true);
ajv.addSchema({ $id: 'v2', components: { schemas: adapt(spec.components.schemas) } });

const compiled = new Map<string, ValidateFunction>();

/** The operation a method and path pattern name (e.g. `GET`, `/payments/{paymentId}`). */
export function operation(method: string, pattern: string): Operation {
  const op = spec.paths[pattern]?.[method.toLowerCase()];
  if (!op) throw new Error(`no operation ${method} ${pattern} in the V2 OpenAPI file`);
  return op;
}

/** Schema errors of an answer to an operation (empty when it fits); a status the file does not list is one. */
export function answerErrors(method: string, pattern: string, status: number, body: unknown): string[] {
  const op = operation(method, pattern);
  const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
  if (!schema) return [`${method} ${pattern}: the file lists no JSON answer with status ${status}`];
  const ref = schema.$ref as string | undefined;
  const key = `${ref ?? JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(ref ? { $ref: `v2${ref}` } : (adapt(schema) as Schema));
    compiled.set(key, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

/** The core operations (outside the platform and B2B APIs) as `METHOD /path`. */
export function coreOperations(): string[] {
  return Object.entries(spec.paths).flatMap(([pattern, ops]) =>
    pattern.startsWith('/platform') || pattern.startsWith('/b2b')
      ? []
      : Object.entries(ops)
          .filter(
            ([, op]) => typeof op === 'object' && op.operationId && !op['x-portone-category']?.startsWith('platform'),
          )
          .map(([method]) => `${method.toUpperCase()} ${pattern}`),
  );
}
