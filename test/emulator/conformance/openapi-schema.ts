// Validates response bodies against the service's own Swagger 2.0 description.
// iamport-openapi.json: copied from the public repository iamport/iamport-rest-client-php (MIT
// licence; file dated 2026-03-05), via ../shared/reference/, so a clean clone can run the suite.
//
// Swagger 2.0 is not JSON Schema, so the definitions are adapted before Ajv compiles them. Each
// adaptation says why; where the spec and the Swagger file disagree, the spec wins.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';

type Schema = Record<string, unknown>;

const file = path.join(import.meta.dirname, 'iamport-openapi.json');
const swagger = JSON.parse(readFileSync(file, 'utf8')) as { definitions: Record<string, Schema> };

const NUMERIC_KEYWORDS = ['maxLength', 'minLength', 'maximum', 'minimum', 'maxItems', 'minItems'];

/** Recursively adapts one schema node. */
function adapt(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(adapt);
  if (typeof node !== 'object' || node === null) return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    // 1. The file writes some limits as strings ("maxLength": "32"); JSON Schema wants numbers.
    out[key] = NUMERIC_KEYWORDS.includes(key) && typeof value === 'string' ? Number(value) : adapt(value);
  }
  const properties = out.properties as Record<string, Schema> | undefined;
  if (properties) {
    // 2. Swagger 2.0 cannot say "null". The spec has message null on success and response null on
    //    failure; the real service sends null for absent optional values (reference notes: card_type,
    //    schedule imp_uid/payment_status). So an optional property may be null; a required one never.
    const required = new Set((out.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(properties)) {
      if (!required.has(name)) properties[name] = { anyOf: [schema, { type: 'null' }] };
    }
  }
  return out;
}

function patched(): Record<string, Schema> {
  const definitions = adapt(structuredClone(swagger.definitions)) as Record<string, Schema>;
  const props = (name: string) => definitions[name]?.properties as Record<string, Schema>;
  // 3. Spec wins: card_type is "string — 0 = credit card, 1 = debit card" in the spec's payment
  //    record; the Swagger file says integer. The billing-key record (spec: "not shown") carries
  //    the same field of the same card, so it gets the same type.
  const cardType = { anyOf: [{ type: 'string', enum: ['0', '1'] }, { type: 'null' }] };
  props('PaymentAnnotation').card_type = cardType;
  props('CustomerAnnotation').card_type = cardType;
  // 4. The file's PaymentPrepareAnnotation.required ([total, previous, next]) is a copy of the paged
  //    list's; the object has merchant_uid and amount.
  const prepare = definitions.PaymentPrepareAnnotation;
  if (prepare) prepare.required = ['merchant_uid', 'amount'];
  // 5. The reference notes list `birth` (deprecated; UNIX seconds of the birth date) on certifications.
  props('CertificationAnnotation').birth = { type: 'integer' };
  // 6. VbankDepositAnnotation requires `reason` but does not define it: a string, like a cancel entry's.
  props('VbankDepositAnnotation').reason = { type: 'string' };
  // 7. Payload objects are closed: a misspelt or invented field fails. (Envelopes stay open:
  //    they are allOf compositions.)
  for (const [name, schema] of Object.entries(definitions)) {
    if (name.endsWith('Annotation') && name !== 'ResponseAnnotation' && schema.properties) {
      schema.additionalProperties = false;
    }
  }
  return definitions;
}

const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'iamport', definitions: patched() });
const compiled = new Map<string, ValidateFunction>();

/** Schema errors of a value against a definition of the Swagger file (empty when it fits). */
export function schemaErrors(definition: string, value: unknown): string[] {
  let validate = compiled.get(definition);
  if (!validate) {
    if (!swagger.definitions[definition]) throw new Error(`no definition ${definition} in the Swagger file`);
    validate = ajv.compile({ $ref: `iamport#/definitions/${definition}` });
    compiled.set(definition, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}
