/**
 * How a client-rejects finding words each rule: what the node has (and the zod call that produced it, where
 * known), what each target does with it, and the fix. messages.clientRejects assembles the sentence.
 */
import type { Consequence, Evidence, RuleEvidence, RuleId } from './types';

type Detail = Record<string, string | number>;

/** The zod call behind a JSON Schema `format` (zod 3 and 4 write the same names). */
const FORMAT_CALLS: Record<string, string> = {
  uri: '.url()',
  email: '.email()',
  uuid: '.uuid()',
  'date-time': '.datetime()',
  date: '.date()',
  time: '.time()',
  duration: '.duration()',
  ipv4: '.ip()',
  ipv6: '.ip()',
  emoji: '.emoji()',
  cuid: '.cuid()',
  cuid2: '.cuid2()',
  ulid: '.ulid()',
  nanoid: '.nanoid()',
  base64: '.base64()',
  base64url: '.base64url()',
  jwt: '.jwt()',
  hostname: 'z.hostname()',
  cidrv4: '.cidr()',
  cidrv6: '.cidr()',
  e164: 'z.e164()',
  guid: 'z.guid()',
};

/** The zod call that typically produced the node, for rules whose node has one cause. */
export function zodCallOf(rule: RuleId, detail: Detail): string | undefined {
  switch (rule) {
    case 'format':
      return FORMAT_CALLS[String(detail.format)];
    case 'root-combinator':
      return 'z.union / z.discriminatedUnion';
    case 'one-of':
      return 'z.discriminatedUnion';
    case 'all-of':
      return 'z.intersection / .and()';
    case 'strict-required':
      return '.optional()';
    case 'const':
      return 'z.literal';
    case 'type-array':
      return '.nullable()';
    case 'null-type':
      return '.nullable()';
    case 'ref-recursive':
      return 'z.lazy';
    default:
      return undefined;
  }
}

/** The method or factory names of the zod call behind a rule's node (`url` for `.url()`, `ipv4` and `ip`), where one call is the cause. */
export function zodMethodsOf(rule: RuleId, detail: Detail): string[] | undefined {
  const call = zodCallOf(rule, detail);
  if (!call || call.includes('/')) return undefined;
  const name = /^(?:z)?\.(\w+)\(\)$/.exec(call)?.[1];
  if (!name) return undefined;
  const format = rule === 'format' ? String(detail.format).replace(/-/g, '') : undefined;
  return format && format !== name ? [name, format] : [name];
}

/** What the node has, as the subject of the sentence; `at` is the node's path in backticks or "the input schema". */
export function subjectOf(rule: RuleId, at: string, detail: Detail, isRoot: boolean): string {
  const node = isRoot ? 'the input schema' : at;
  switch (rule) {
    case 'root-type':
      return `the input schema is ${detail.type === 'no type' ? 'not typed' : `of type ${detail.type}`}, not an object`;
    case 'output-root-type':
      return `the output schema is ${detail.type === 'no type' ? 'not typed' : `of type ${detail.type}`}, not an object`;
    case 'root-combinator':
      return `the input schema has ${detail.keyword} at its root`;
    case 'output-dialect':
      return `the output schema declares ${dialectName(String(detail.dialect))} ("$schema")`;
    case 'one-of':
      return `${node} is a oneOf`;
    case 'all-of':
      return `${node} is an allOf`;
    case 'strict-required':
      return `${node} is optional`;
    case 'strict-additional-properties':
      return `the object at ${isRoot ? 'the root' : at} does not set additionalProperties: false`;
    case 'format':
      return `${node} has format "${detail.format}"`;
    case 'ref':
      return `${node} is a $ref`;
    case 'ref-recursive':
      return `${node} is a recursive $ref (${detail.ref})`;
    case 'schema-keyword':
      return `${node} carries $schema`;
    case 'unsupported-keyword':
      return `${node} uses ${detail.keyword}`;
    case 'const':
      return `${node} is a const (${detail.value})`;
    case 'type-array':
      return `${node} has a list of types ${detail.type}`;
    case 'null-type':
      return `${node} has type "null"`;
    case 'enum-non-string':
      return `${node} has a non-string enum value (${detail.value})`;
    case 'array-items':
      return `${node} is an array without one items schema`;
    case 'depth':
      return `${node} is nested ${detail.depth} levels deep`;
    case 'enum-count':
      return `the input schema has ${detail.count} enum values`;
    case 'optional-budget':
      return `${together(detail)} ${detail.count} optional properties${detail.tools !== undefined ? ' together' : ''}`;
    case 'union-budget':
      return `${together(detail)} ${detail.count} union-typed properties${detail.tools !== undefined ? ' together' : ''}`;
    case 'name-length':
      return `the tool name is too long once prefixed`;
    case 'name-characters':
      return 'the tool name has disallowed characters';
    case 'tools-per-server':
      return `${detail.server ? `server ${detail.server}` : 'the server'} registers ${detail.count} tools`;
    case 'annotations':
      return `the tool does not set ${detail.missing}`;
    case 'bounds':
      return `${node} has ${detail.keyword}`;
    case 'description-length':
      return `the tool's description has ${detail.length} characters`;
    case 'object-properties':
      return `the object at ${isRoot ? 'the root' : at} has no properties`;
    case 'required-array':
      return `the input schema has "required": ${detail.value}, not an array of names`;
    case 'dialect-2020-12':
      return `the input schema declares "$schema": "${detail.dialect}"`;
    case 'property-schema':
      return `${node} is ${detail.value}, not a schema object`;
  }
}

/** The subject of a budget: one input schema, or a server's tools summed (`detail.tools`). */
function together(detail: Detail): string {
  if (detail.tools === undefined) return 'the input schema has';
  return `the ${detail.tools} tools of ${detail.server ? `server ${detail.server}` : 'the server'} have`;
}

/** What a target's own detail adds to its name in the sentence (a prefixed name, a limit). */
export function targetNote(rule: RuleId, detail: Detail): string | undefined {
  if (rule === 'name-length') return `as ${detail.name}, ${detail.length} characters, limit ${detail.limit}`;
  if (detail.limit !== undefined) return `limit ${detail.limit}`;
  return undefined;
}

/** The fix, as the sentence's last clause. */
/** The fix for a schema served as plain JSON Schema (a tools/list handler's own): worded in JSON Schema, not zod. */
export function jsonFixOf(rule: RuleId, detail: Detail): string {
  const fixes: Partial<Record<RuleId, string>> = {
    'root-type': 'make the inputSchema your handler returns an object schema ("type": "object")',
    'output-root-type': 'make the outputSchema an object schema ("type": "object")',
    annotations:
      'set "title" and "annotations" ({ "readOnlyHint", "destructiveHint", "openWorldHint" } as true or false) on each tool your tools/list handler returns',
    'output-dialect': 'drop "$schema" from the outputSchema, or declare "https://json-schema.org/draft/2020-12/schema"',
    'root-combinator': /^(oneOf|anyOf)$/.test(String(detail.keyword))
      ? "return one object schema: the variants' properties side by side, the discriminator as an enum"
      : `drop the root's ${String(detail.keyword)}: check that condition in the handler and say it in the description`,
    'one-of': 'use anyOf, or one object with the discriminator as an enum',
    'all-of': 'merge the allOf members into one object schema',
    'strict-required': 'list every property in required, with "null" among its types where it may be absent',
    format: `drop "format": "${String(detail.format)}" (say it in the description, or use a pattern)`,
    ref: 'inline the referenced schemas instead of $ref/$defs',
    'ref-recursive': 'give the recursion a fixed depth, or take that value as a JSON string',
    'schema-keyword': 'drop $schema from the schema your handler returns',
    'unsupported-keyword': `drop ${String(detail.keyword)}`,
    const: 'use "enum": [value] instead of "const"',
    'type-array': 'give the property one type instead of a type array',
    'null-type': 'drop "null" from the property\'s types, and leave it out of required instead',
    'enum-non-string': 'use string enum values and convert them in the handler',
    'array-items': 'give the array one items schema, not a tuple',
    depth: 'move deep objects up a level, or take them as a JSON string',
    bounds: `drop ${String(detail.keyword)} (say the bound in the description and check it in the handler)`,
    'description-length': "shorten the description to at most 1024 characters (move detail into the parameters' descriptions)",
    'object-properties': 'give the object "properties" (an empty {} where it takes none)',
    'required-array': 'make "required" an array of property names, or leave it out',
    'dialect-2020-12': 'drop "$schema" from the inputSchema',
    'property-schema': 'write {} instead of true for a property that takes anything',
  };
  return fixes[rule] ?? 'change that part of the JSON Schema your tools/list handler returns';
}

export function fixOf(rule: RuleId, detail: Detail): string {
  switch (rule) {
    case 'root-type':
      return 'wrap the input in z.object({ ... })';
    case 'output-root-type':
      return 'wrap the output in z.object({ ... })';
    case 'output-dialect':
      return 'strip "$schema" from it';
    case 'root-combinator':
      return /^(oneOf|anyOf)$/.test(String(detail.keyword))
        ? 'flatten the union into one z.object, or nest it under a key'
        : `drop the root's ${detail.keyword}`;
    case 'one-of':
      return 'flatten the discriminated union, or use z.union (an anyOf)';
    case 'all-of':
      return 'merge the objects with .extend() instead';
    case 'strict-required':
      return 'use .nullable() instead of .optional()';
    case 'strict-additional-properties':
      return 'make the object .strict()';
    case 'format':
      return 'use .regex(...) instead';
    case 'ref':
      return 'inline the schema';
    case 'ref-recursive':
      return 'give the recursion a fixed depth';
    case 'schema-keyword':
      return 'strip $schema before it is sent';
    case 'unsupported-keyword':
      return `drop ${detail.keyword}`;
    case 'const':
      return 'use z.enum([value]) instead of z.literal(value)';
    case 'type-array':
      return 'use .optional() instead of .nullable()';
    case 'null-type':
      return 'use .optional() instead of .nullable()';
    case 'enum-non-string':
      return 'use string values';
    case 'array-items':
      return 'give it one items schema';
    case 'depth':
      return 'move deep objects up a level';
    case 'enum-count':
      return 'split the enum';
    case 'optional-budget':
      return 'make keys required with .nullable()';
    case 'union-budget':
      return 'use one type where a union is not needed';
    case 'name-length':
      return 'shorten the tool name';
    case 'name-characters':
      return 'use [a-zA-Z0-9_-] only';
    case 'tools-per-server':
      return 'register fewer tools';
    case 'annotations':
      return 'set title and annotations in the registration';
    case 'bounds':
      return `drop ${detail.keyword}`;
    case 'description-length':
      return 'shorten it to 1024 characters';
    case 'object-properties':
      return 'give it its keys with z.object({ ... })';
    case 'required-array':
      return 'make "required" an array of property names, or leave it out';
    case 'dialect-2020-12':
      return 'strip "$schema" from the inputSchema before it is listed';
    case 'property-schema':
      return 'give the property a schema (z.unknown() writes {})';
  }
}

/** What the fix needs said beyond its first clause: the message's last sentence and the docs' fix column. */
export function fixMoreOf(rule: RuleId, detail: Detail): string | undefined {
  switch (rule) {
    case 'output-dialect':
      return 'The SDK stamps it: a tools/list handler that deletes it from the outputSchema does, or an SDK that sends 2020-12.';
    case 'root-combinator':
      return /^(oneOf|anyOf)$/.test(String(detail.keyword))
        ? "Flattened, the discriminator becomes an enum, every variant's keys beside it."
        : 'That is .and() or .refine() at the top: check it in the handler and say it in .describe().';
    case 'strict-required':
      return 'The key is then required and may be null.';
    case 'strict-additional-properties':
      return 'z.strictObject does too; use no z.record there.';
    case 'format':
      return 'Or drop the format.';
    case 'ref':
      return 'Build a fresh schema at each use instead of reusing one object, and avoid z.lazy and .meta({ id }).';
    case 'ref-recursive':
    case 'depth':
      return 'Or take that value as a JSON string.';
    case 'schema-keyword':
      return 'Or send parametersJsonSchema instead.';
    case 'unsupported-keyword':
      return 'E.g. .min() instead of .positive(), a z.object instead of a z.record.';
    case 'enum-non-string':
      return 'Use z.enum(["1", "2"]) and convert the values after parsing.';
    case 'array-items':
      return 'z.array(...) of one element schema, not a tuple.';
    case 'enum-count':
      return 'Or take a z.string() and say the values in its description.';
    case 'optional-budget':
    case 'union-budget':
      return 'Or split the tool.';
    case 'name-length':
      return 'Or shorten the server name.';
    case 'tools-per-server':
      return 'Merge related ones, or let users enable groups of them.';
    case 'annotations':
      return 'Set annotations: { readOnlyHint, destructiveHint, openWorldHint }, each true or false.';
    case 'bounds':
      return '.int() without .min()/.max(), no .length(): say the bound in .describe() and check it in the handler.';
    case 'description-length':
      return "Move detail into the parameters' .describe().";
    case 'object-properties':
      return 'Or pass no schema for a tool without input.';
    default:
      return undefined;
  }
}

/** A JSON Schema dialect by its short name (`draft-07`), from its `$schema` URI. */
function dialectName(uri: string): string {
  return /draft[-/]?0?\d+|20\d\d-\d\d/.exec(uri)?.[0] ?? uri;
}

/** What a target does, in the infinitive: "reject the request". */
function consequenceVerb(consequence: Consequence): string {
  switch (consequence) {
    case 'request-rejected':
      return 'reject the request';
    case 'all-tools-dropped':
      return 'drop every tool of the server';
    case 'tool-dropped':
      return 'drop the tool';
    case 'rewritten':
      return 'silently rewrite it';
    case 'warned':
      return 'warn about it';
    case 'listing-refused':
      return 'refuse the listing';
    case 'calls-rejected':
      return 'reject every call';
  }
}

/**
 * What a target (or several, `plural`) does, as a verb phrase as sure as its evidence: "rejects the request" where
 * the target documents it or an SDK's source does it, "was observed to reject the request" where a public thread
 * shows it, "may reject the request" where it is inferred.
 */
export function consequenceWords(consequence: Consequence, plural: boolean, evidence: Evidence = 'documented'): string {
  const verb = consequenceVerb(consequence);
  if (evidence === 'observed') return `${plural ? 'were' : 'was'} observed to ${verb}`;
  if (evidence === 'inferred') return `may ${verb}`;
  if (plural) return verb;
  // Third person: the verb is the first word, or the second after "silently".
  return verb.replace(/^(silently )?(\w+)/, (_all, adverb: string | undefined, word: string) => `${adverb ?? ''}${word}s`);
}

/** Whether `date` is more than a year before `than` (ISO dates): evidence that old is said to be. */
function overAYear(date: string, than: string): boolean {
  return Date.parse(than) - Date.parse(date) > 365 * 24 * 3600 * 1000;
}

/** Where and when an observed behaviour was seen, and what it did before when that changed, for the parenthesis. */
export function observedWhen(evidence: RuleEvidence): string | undefined {
  if (evidence.kind !== 'observed') return undefined;
  const before = evidence.before
    ? `; until ${evidence.before.until.slice(0, 7)}${overAYear(evidence.before.until, evidence.confirmed) ? ', over a year ago,' : ''} it was seen to ${consequenceVerb(evidence.before.consequence)}`
    : '';
  return `${evidence.observedOn ? `on ${evidence.observedOn}, ` : ''}as of ${evidence.confirmed}${before}`;
}
