/**
 * A schema analysed on its own (an exported schema, not a registered tool) is named as a schema in messages, so
 * a user never reads "Tool messageContent" for something that is not a tool.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { advertise, flattenUnionsDeep } from '../../../shared';

const content = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('photo'), media: z.object({ url: z.string() }) }),
  z.object({ kind: z.literal('album'), media: z.array(z.string()) }),
]);

describe('message subject', () => {
  it('names a registered tool as a tool (the default)', () => {
    const { findings } = advertise({ name: 'send_message', input: z.object({ content }) }, {});
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringMatching(/^Tool send_message: the model sees `content\.media` as unknown; rename it in one variant\./),
    ]);
  });

  it('names an exported schema as a schema, keeping its name in `tool` for placement', () => {
    const { findings } = advertise({ name: 'messageContent', input: content, subject: 'schema' }, {});
    expect(findings).toHaveLength(1);
    expect(findings[0].message).toMatch(
      /^Schema messageContent: the model sees `media` as unknown; rename it in one variant\. Variants 'photo' \(object\) and 'album' \(array\) declare it differently/,
    );
    expect(findings[0].tool).toBe('messageContent');
  });

  it('lets flattenUnionsDeep callers choose the subject too', () => {
    const { findings } = flattenUnionsDeep(content, { tool: 'messageContent', subject: 'schema' });
    expect(findings[0].message.startsWith('Schema messageContent: ')).toBe(true);
  });
});
