// Every body the public API takes is checked against the schema the live document publishes for
// it (write-schemas.ts) before the field rules run, so the document is the contract: a number
// sent as "5", a date as 01/15/2025 or an unknown key, which the owner's screens and imports may
// send, are refused here with the field named (validators: kept-validators.ts).
import type { OutputUnit, Validator } from '@cfworker/json-schema';
import type { JsonSchemaObject } from '../../../../rules/json-schema';
import { DATABASE_MESSAGES, DOCUMENT_ID_PATTERN } from '../../../../rules/database';
import type { FieldErrors } from '../../../http/errors';
import { ValidationError } from '../../../http/errors';
import type { CollectionDoc, Field } from '../model';
import { boundsError } from '../validate-document';
import { itemType } from '../field-types/array';
import { WRITE_COMPONENTS, writeSchemas } from './write-schemas';
import { keptValidator } from './kept-validators';

type Mode = 'create' | 'update';

function validatorFor({ collection, mode }: { collection: CollectionDoc; mode: Mode }): Validator {
  const schemas = (): Record<string, JsonSchemaObject> => ({ ...WRITE_COMPONENTS, [mode]: writeSchemas({ attributes: collection.attributes, title: collection.displayName || collection.name })[mode] });
  // Every error: a 400 names each field the body gets wrong.
  return keptValidator({ kind: mode, collection, schemas, shortCircuit: false });
}

const TYPE_WORDS: Record<string, string> = { number: 'a number', integer: 'a whole number', string: 'text', boolean: 'true or false', array: 'a list', object: 'an object', null: 'null' };

/** What a pattern stands for, in the field rules' own words. */
const SHAPE_WORDS: Record<string, string> = {
  email: 'must be a valid email',
  url: 'must be a valid URL',
  date: 'must be a valid date (YYYY-MM-DD)',
  media: 'must be an uploaded file',
  json: 'must be valid JSON with plain keys',
};

/** cfworker says `String is too short (0 < 2).`: the length sent and the bound. */
const lengths = (error: OutputUnit): { sent: string; limit: string } => {
  const [, sent = '', limit = ''] = /\((\d+) [<>] (\d+)\)/.exec(error.error) ?? [];
  return { sent, limit };
};

function problem({ error, field }: { error: OutputUnit; field: Field }): string {
  switch (error.keyword) {
    case 'type':
      return `must be ${[...error.error.matchAll(/"(\w+)"/g)].slice(1).map((match) => TYPE_WORDS[match[1]] ?? match[1]).join(' or ')}`;
    case 'minLength':
      return lengths(error).sent === '0' && field.validation?.required ? 'is required' : `must be at least ${lengths(error).limit} characters`;
    case 'maxLength':
      return itemType(field) === 'relation' ? 'must be a document id' : `must be at most ${lengths(error).limit} characters`;
    case 'minItems':
    case 'not':
      return 'is required';
    case 'enum':
      return 'must be one of the allowed values';
    case 'pattern':
      return SHAPE_WORDS[itemType(field)] ?? 'is not in the expected form';
    default:
      return 'is not valid';
  }
}

/** Properties a body may hold that are no field of the collection (write-schemas.ts): what a wrong value of each is told. */
const NOT_FIELDS: Record<string, string> = {
  _id: `_id must be 1 to 64 letters, digits, - or _ (${DOCUMENT_ID_PATTERN})`,
  _owner: "_owner must be an app user's id (at most 200 characters) or null",
};

// Errors that only say a part below them failed; the part's own error says why.
const WRAPPERS = new Set(['$ref', 'properties', 'additionalProperties', 'items', 'anyOf', 'allOf', 'oneOf']);

/** `#/tags/2/x` -> ['tags', 2]. */
function located(error: OutputUnit): { name: string; item?: number } | undefined {
  const [name, index] = error.instanceLocation.split('/').slice(1).map(decodeURIComponent);
  if (name === undefined) return undefined;
  return { name, item: index !== undefined && /^\d+$/.test(index) ? Number(index) : undefined };
}

function fieldErrorsOf({ errors, collection }: { errors: OutputUnit[]; collection: CollectionDoc }): { fieldErrors: FieldErrors; missing: boolean } {
  const fields = new Map(collection.attributes.map((field) => [field.name, field]));
  const fieldErrors: FieldErrors = {};
  let missing = false;
  for (const error of errors.filter((unit) => !WRAPPERS.has(unit.keyword))) {
    if (error.keyword === 'required') {
      const name = /"([^"]+)"/.exec(error.error)?.[1] ?? '';
      const field = fields.get(name);
      fieldErrors[name] ??= `${field?.displayName || name} is required`;
      missing = true;
      continue;
    }
    const at = located(error);
    if (!at) continue;
    const field = fields.get(at.name);
    if (!field) fieldErrors[at.name] ??= NOT_FIELDS[at.name] ?? `This collection has no field ${at.name}`;
    else fieldErrors[at.name] ??= `${field.displayName || field.name} ${problem({ error, field })}${at.item === undefined ? '' : ` (item ${at.item + 1})`}`;
  }
  return { fieldErrors, missing };
}

/**
 * Values past the input bounds, refused before the schema's walk: it recurses at every level of a
 * json field, and reads every item of a list however long.
 */
function pastBounds({ collection, body }: { collection: CollectionDoc; body: unknown }): FieldErrors {
  const fields = new Map(collection.attributes.map((field) => [field.name, field]));
  const values = typeof body === 'object' && body !== null ? Object.entries(body) : [];
  return Object.fromEntries(
    values.flatMap(([name, value]) => {
      const error = boundsError({ field: fields.get(name), name, value });
      return error === undefined ? [] : [[name, error]];
    }),
  );
}

/** Throws a 400 naming each field the body gets wrong against its declared schema. */
export function checkDeclaredBody({ collection, mode, body }: { collection: CollectionDoc; mode: Mode; body: unknown }): void {
  const refused = pastBounds({ collection, body });
  if (Object.keys(refused).length > 0) throw new ValidationError(Object.values(refused)[0], refused);
  const { valid, errors } = validatorFor({ collection, mode }).validate(body);
  if (valid) return;
  const { fieldErrors, missing } = fieldErrorsOf({ errors, collection });
  const message = missing ? DATABASE_MESSAGES.requiredMissing : (Object.values(fieldErrors)[0] ?? 'The request body does not fit this collection');
  throw new ValidationError(message, fieldErrors);
}
