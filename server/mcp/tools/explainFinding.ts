/**
 * `explain_finding`: what a finding code or a client rule means, the evidence behind a client rule (the public
 * thread or page, the date it was confirmed, the client version it was seen on) and its fixes, read from the one
 * source of truth through the pipeline (`findingReference.ts`): the code's file and the profiles.
 */
import { z } from 'zod';
import { CLIENT_RULE_IDS, clientRuleReferences, codeReference, FINDING_CODES } from '../../pipeline';
import { ToolInputError } from '../toolError';
import { defineTool } from './define';

export const explainFinding = defineTool({
  name: 'explain_finding',
  title: 'Explain a finding or client rule',
  description: 'What a finding code (client-rejects) or client rule (codex/format, format) means, its evidence (thread, date, version) and how to fix it.',
  input: {
    code: z.string().min(1).max(100).describe('A finding code, target/rule, rule, or target'),
  },
  output: {
    query: z.string(),
    finding: z
      .object({
        code: z.string(),
        defaultSeverity: z.string(),
        severityNote: z.string().optional(),
        summary: z.string(),
        when: z.string(),
        where: z.string(),
        example: z.string(),
        quickFixes: z.array(z.string()),
      })
      .optional(),
    clientRules: z.array(
      z.object({
        key: z.string(),
        target: z.string(),
        label: z.string(),
        optIn: z.boolean(),
        rule: z.string(),
        checks: z.string(),
        consequence: z.string(),
        severity: z.string(),
        says: z.string().optional(),
        evidence: z.object({ kind: z.string(), source: z.string(), confirmed: z.string(), observedOn: z.string().optional() }),
        fix: z.string(),
        jsonFix: z.string(),
      }),
    ),
  },
  run(args) {
    const query = args.code.trim();
    const finding = codeReference(query);
    const rules = clientRuleReferences(query).map(({ kind: _kind, parts: _parts, ...rule }) => rule);
    if (!finding && rules.length === 0)
      throw new ToolInputError(
        `${query} names no finding code, client rule or target. Codes: ${FINDING_CODES.join(', ')}. Client rules: ${CLIENT_RULE_IDS.join(', ')} (alone, or as target/rule such as codex/format).`,
      );
    return { query, ...(finding ? { finding } : {}), clientRules: rules };
  },
});
