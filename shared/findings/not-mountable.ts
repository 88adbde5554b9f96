/** `not-mountable`: The probe refuses the tool: non-object input, unrepresentable type, a key in both params and input, or a duplicate tool name. */
import { defineFinding, type FindingDocs } from './define';
import { lead, partName, key, type Who } from './wording';

export const notMountable = defineFinding({
  code: 'not-mountable',
  defaultSeverity: 'error',
  summary: 'The probe refuses the tool: non-object input, unrepresentable type, a key in both params and input, or a duplicate tool name.',
  messages: {
    notZod(tool: Who, part: string): string {
      return lead(tool, `the ${partName(part)} is not a zod schema, so it cannot be analysed or mounted; pass a zod object schema.`);
    },
    nonObjectInput(tool: Who, what: string): string {
      return lead(tool, `the advertised input is ${what}, not an object, so MCP cannot mount it; wrap it in z.object({ ... }).`);
    },
    partNotObject(tool: Who, part: string, what: string): string {
      return lead(tool, `the ${partName(part)} is ${what}, not an object, so it and the input would form an allOf, which MCP cannot mount; make both objects.`);
    },
    unrepresentable(tool: Who, path: string[], what: string): string {
      return lead(
        tool,
        `${path.length === 0 ? 'the input' : key(path)} is ${what}, which JSON Schema cannot express, so the tool cannot be mounted; use a JSON type (e.g. a string) there.`,
      );
    },
    keyClash(tool: Who, name: string, first: string, second: string): string {
      return lead(tool, `key \`${name}\` is declared by both ${first} and ${second}, so they cannot be merged into one object; rename it in one of them.`);
    },
    mixedVersions(tool: Who, part: string): string {
      return lead(
        tool,
        `${part} is built with a different zod major version than the input, so they cannot be merged into one object; build both with the same zod.`,
      );
    },
    duplicateName(tool: string, count: number): string {
      return `Tool ${tool} is registered ${count} times, so a host refuses all but one; give each tool a unique name.`;
    },
    conversionFailed(tool: Who, error: string): string {
      return lead(
        tool,
        `the advertised input cannot be converted to JSON Schema (${error}), so the tool cannot be mounted; fix the part of the schema that throws.`,
      );
    },
  },
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    '“Tool search is registered 2 times, so a host refuses all but one; give each tool a unique name.” (also: a non-object input, a type JSON Schema cannot express where no library answered, e.g. a `z.date()` on zod 4; a key in both params and input). Where your library listed the tool and shipped the key (zod 3 sends a `z.date()` as a date-time string), it is not reported.',
  when: 'the probe refuses the tool: the input is not a zod schema or not an object at the top, a node JSON Schema cannot express (zod 4\'s `z.date()`, `z.bigint()`, …; zod 3\'s converter expresses a date, bigint, map and set), a key in both params and input (or extend), a tool name registered twice. Where the workspace\'s library answered `tools/list` and shipped the key or the input, the engine\'s "cannot express" and "not an object" predictions are dropped',
  where: "the offending node, else the tool's registration (its name when it is a literal)",
};
