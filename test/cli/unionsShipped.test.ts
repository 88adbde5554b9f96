/**
 * What union-shipped says flattening would do (issue 9, "no false finding"). The flatten turns only a discriminated
 * union on a string key into one object (ADR-0033: plain unions are walked, their members flattened, the union kept),
 * so a union of a string and a record, a number and a tuple, or a string and a lazy object ships as an anyOf either
 * way; the message must not promise "one object, losing nothing". Same workspace pattern on zod 3 and zod 4.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './runCli';

// A discriminated union as zod 3's converter writes it (anyOf) says so, and what zod 4.1.13 and later write instead.
const CASES = [
  {
    file: 'eval-zod3-sdk117/src/payloads.ts',
    keyword: 'an anyOf',
    writer:
      " Zod-to-json-schema writes zod 3's discriminated unions so: nothing marks `kind` as the key that picks the variant; zod 4.1.13 and later write a oneOf, which more clients refuse.",
  },
  { file: 'ship-sdk132-zod46/src/payloads.ts', keyword: 'a oneOf', writer: '' },
];

let report: any;
beforeAll(async () => {
  report = JSON.parse((await runInProcess(['check', ...CASES.map((c) => c.file), '--format', 'json'])).stdout);
}, 120_000);

describe.each(CASES)('$file', ({ file, keyword, writer }) => {
  const at = (key: string) => report.diagnostics.find((d: any) => d.file === file && d.path === key);
  const lead = (key: string, as = 'an anyOf') => `Tool publish: the union at \`${key}\` ships as ${as}, which weak models fill badly; `;

  it('each union is one union-shipped at its expression, and only the discriminated one is said to flatten', () => {
    expect(
      report.diagnostics
        .filter((d: any) => d.file === file && d.code === 'union-shipped')
        .map((d: any) => `${d.line}:${d.column} ${d.code} ${d.severity} ${d.path}`),
    ).toEqual([
      '14:14 union-shipped information message',
      '15:9 union-shipped information at',
      '16:17 union-shipped information attachment',
      '23:14 union-shipped information replyTo',
    ]);
    expect(at('message').message).toBe(`${lead('message')}see why in its related information.`);
    expect(at('at').message).toBe(`${lead('at')}see why in its related information.`);
    expect(at('attachment').message).toBe(
      `${lead('attachment', keyword)}flatten it into one object. Flattening makes \`kind\` an enum and loses nothing.${writer}`,
    );
    // A lazy member is not entered, so no loss explains it: the message says which unions flatten.
    expect(at('replyTo').message).toBe(`${lead('replyTo')}use a discriminated union on a string key. Only those flatten into one object.`);
  });

  it('the flattened preview agrees: the plain unions are still unions there, the discriminated one is an object', () => {
    const publish = report.tools.find((t: any) => t.file === file && t.name === 'publish');
    const flat = publish.flattened.properties;
    for (const key of ['message', 'at', 'replyTo']) expect(flat[key].anyOf ?? flat[key].oneOf, key).toHaveLength(2);
    expect(flat.attachment).toMatchObject({ type: 'object', properties: { kind: { enum: ['file', 'link'] } } });
  });
});
