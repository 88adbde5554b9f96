/**
 * Where a finding's documentation is: its code's section of docs/codes.md, or, for a client finding, its rule's section
 * of docs/clients.md (both generated from the same sources as the tables: scripts/findings-tables.mjs,
 * scripts/clients-table.mjs). Editors show it as the diagnostic's link (`codeDescription`); SARIF as a rule's helpUri.
 */
import { repository } from '../package.json';

/** The repository's docs folder on its default branch. */
const DOCS = `${repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/blob/main/docs`;

/** The GitHub anchor of a heading `### <target>: <rule>` on docs/clients.md. */
export const clientRuleAnchor = (target: string, rule: string) => `${target}-${rule}`;

/** The page section that explains a finding: its client rule's when it breaks one at one target, else its code's. */
export function findingDocsHref(code: string, rule?: string, targets?: readonly string[]): string {
  if (code === 'client-rejects' && rule && targets?.length) return `${DOCS}/clients.md#${clientRuleAnchor(targets[0], rule)}`;
  return `${DOCS}/codes.md#${code}`;
}
