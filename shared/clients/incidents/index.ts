/**
 * The incident catalog: every refusal, drop or rewrite of a tool schema that a public thread of 2024–2026 reports,
 * by target, with the smallest definition that reproduces it. The one source of truth for a rule's evidence: the
 * suite judges each incident's tool against its target's profile, as of the incident's date, and expects the
 * consequence the thread reports.
 */
import { CLAUDE_INCIDENTS } from './claude';
import { EDITOR_INCIDENTS } from './editors';
import { GEMINI_INCIDENTS } from './gemini';
import { OPENAI_INCIDENTS } from './openai';
import type { Incident } from './types';

export type * from './types';

export const INCIDENTS: readonly Incident[] = [...OPENAI_INCIDENTS, ...CLAUDE_INCIDENTS, ...EDITOR_INCIDENTS, ...GEMINI_INCIDENTS];

/**
 * Rules no incident of the catalog shows, each with why: read in an SDK's or target's own source or documentation,
 * or shown by a thread this sweep did not re-read (the rule's own source says what it saw).
 */
export const WITHOUT_INCIDENT: Readonly<Record<string, string>> = {
  ...reason(
    'SDK source: openai-node refuses it before sending (checked in openaiStrict.crosscheck.test.ts)',
    'openai-strict all-of',
    'openai-strict unsupported-keyword',
    'openai-strict array-items',
  ),
  ...reason(
    'SDK source: the MCP TypeScript SDK client parses it (checked against the real parser in incidents.test.ts)',
    'mcp-sdk-client property-schema',
    'mcp-sdk-client required-array',
  ),
  ...reason(
    "documented: Gemini's FunctionDeclaration reference",
    'gemini name-length',
    'gemini name-characters',
    'gemini-json root-type',
    'gemini-json name-length',
    'gemini-json name-characters',
  ),
  ...reason("documented: the directory's published review criteria", 'claude-directory annotations', 'chatgpt-apps annotations'),
  ...reason(
    "the refusal's own words name it (\"schema must have type 'object'\"); no thread of this sweep sent a root that is not an object",
    'openai root-type',
    'openai-strict root-type',
    'codex root-type',
  ),
  ...reason(
    'the same API and message as a sibling target whose incidents show it (openai, anthropic, claude-code, copilot-cli)',
    'openai-strict root-combinator',
    'openai-strict description-length',
    'openai-strict name-length',
    'openai-strict name-characters',
    'anthropic-strict root-combinator',
    'anthropic-strict name-length',
  ),
  ...reason(
    "observed in the rule's own source thread, which this sweep did not re-read (its source and confirmation date say so)",
    'openai-strict strict-required',
    'openai-strict format',
    'openai-strict depth',
    'openai-strict enum-count',
    'openai name-length',
    'openai name-characters',
    'anthropic-strict union-budget',
    'anthropic-strict tools-per-server',
    'gemini schema-keyword',
    'gemini const',
    'gemini ref',
    'gemini null-type',
    'gemini array-items',
    'claude-code ref-recursive',
    'claude-desktop ref',
    'cursor ref',
    'cursor root-combinator',
    'vscode-copilot tools-per-server',
    'vscode-copilot ref',
    'vscode-copilot name-length',
    'visual-studio-copilot name-characters',
    'codex format',
    'codex name-characters',
    'gemini-cli enum-non-string',
    'antigravity array-items',
    'antigravity name-length',
    'antigravity name-characters',
    'azure-foundry unsupported-keyword',
    'azure-foundry ref',
  ),
};

function reason(why: string, ...rules: string[]): Record<string, string> {
  return Object.fromEntries(rules.map((r) => [r, why]));
}
