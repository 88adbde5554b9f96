/** `client-rejects`: A client or model provider refuses, drops or rewrites the tool: error where the request or the whole tool list fails, warning where one tool is dropped, information where it is rewritten or warned about. */
import type { Consequence, RuleEvidence } from '../clients/types';
import { subjectOf, zodCallOf, consequenceWords, observedWhen, targetNote, fixOf, fixMoreOf, jsonFixOf } from '../clients/wording';
import { defineFinding, type FindingDocs } from './define';
import { lead, listWords, key, flattenCauseWords, flattenFixOf, type Who, type ClientRejection } from './wording';

export const clientRejects = defineFinding({
  code: 'client-rejects',
  defaultSeverity: 'error',
  summary:
    'A client or model provider refuses, drops or rewrites the tool: error where the request or the whole tool list fails, warning where one tool is dropped, information where it is rewritten or warned about.',
  messages: {
    clientRejects(tool: Who, r: ClientRejection): string {
      // A node of the output schema is named as such: its input path is empty, and it is not "the input schema".
      const output = r.part === 'output';
      const isRoot = !output && r.path.length === 0;
      const andAt = r.alsoAt?.length ? ` (and ${listWords(r.alsoAt.map((p) => key(p)))})` : '';
      const at = output ? (r.outputPath?.length ? `${key(r.outputPath)} of the output schema` : 'the output schema') : `${key(r.path)}${andAt}`;
      const call = r.plainJson || r.flatten ? undefined : zodCallOf(r.rule, r.detail);
      const cause = r.flatten ? ` (${flattenCauseWords(r.flatten)})` : call ? ` (from \`${call}\`)` : '';
      const subject = `${subjectOf(r.rule, at, r.detail, isRoot)}${cause}`;
      // Targets share a clause when they do the same thing on the same kind of evidence (seen at the same time).
      const groups: Array<{ key: string; consequence: Consequence; labels: string[]; says?: string; evidence?: RuleEvidence }> = [];
      for (const t of r.targets) {
        const note = targetNote(r.rule, t.detail);
        const label = note ? `${t.label} (${note})` : t.label;
        const key = [t.consequence, t.evidence?.kind, t.evidence && observedWhen(t.evidence)].join('\u0000');
        const group = groups.find((g) => g.key === key);
        if (group) group.labels.push(label);
        else groups.push({ key, consequence: t.consequence, labels: [label], says: t.says, evidence: t.evidence });
      }
      // The first sentence: the worst that happens, where, and the fix; what each target was seen doing follows.
      const evidence = groups.map((g) => {
        const aside = [g.says, g.evidence && observedWhen(g.evidence)].filter(Boolean).join('; ');
        const clause = `${listWords(g.labels)} ${consequenceWords(g.consequence, g.labels.length > 1, g.evidence?.kind)}`;
        return ` ${clause.charAt(0).toUpperCase()}${clause.slice(1)}${aside ? ` (${aside})` : ''}.`;
      });
      const more = clientRejectsMore(r);
      return lead(tool, `${subject}, so ${headlineOf(r.targets)}; ${clientRejectsFix(r)}.${evidence.join('')}${more ? ` ${more}` : ''}`);
    },
  },
});

/** Who refuses, in a few words: the worst target by name, the others counted ("Codex and 2 more reject the request"). */
function headlineOf(targets: ClientRejection['targets']): string {
  const [worst] = targets;
  const others = targets.length - 1;
  // How sure each target's behaviour is shows in its own sentence after; the headline keeps only "may" for a guess.
  const sure = worst.evidence?.kind === 'inferred' ? 'inferred' : 'documented';
  if (others === 0) return `${worst.label} ${consequenceWords(worst.consequence, false, sure)}`;
  if (targets.every((t) => t.consequence === worst.consequence)) return `${worst.label} and ${others} more ${consequenceWords(worst.consequence, true, sure)}`;
  return `${worst.label} and ${others} more refuse it`;
}

/** What the fix needs said beyond its first clause, as the message's last sentence (none for a flatten's fix). */
export function clientRejectsMore(r: Pick<ClientRejection, 'rule' | 'detail' | 'flatten' | 'plainJson'>): string | undefined {
  return r.flatten || r.plainJson ? undefined : fixMoreOf(r.rule, r.detail);
}

/**
 * What to do, as the message's last clause says it: carried apart on the finding (`Finding.fix`) too, so a front that
 * shows the fix on its own (the MCP server's check_tools) never cuts it out of the message.
 */
export function clientRejectsFix(r: Pick<ClientRejection, 'rule' | 'detail' | 'flatten' | 'plainJson'>): string {
  return r.flatten ? flattenFixOf(r.flatten, r.rule, r.detail) : r.plainJson ? jsonFixOf(r.rule, r.detail) : fixOf(r.rule, r.detail);
}

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  severityNote:
    'where the request, the whole tool list or a directory listing fails (a dropped tool, rejected calls or an inferred rule: warning; a rewrite: information)',
  example:
    "“Tool fetch_page: `url` has format \"uri\" (from `.url()`), so Codex rejects the request; use .regex(...) instead. Codex was observed to reject the request (400 'uri' is not a valid format; as of 2026-12-01). Or drop the format.” The first sentence names the worst a client does and the fix; each target's evidence follows. One finding per node and rule, listing every target it hits, on the zod source of that node (a recursive schema: one finding at its `z.lazy`, naming every path that uses it); tools per server go on the server's first registration. On a tool that ships flattened, a node the flatten made (a widened key's type array, a key every variant requires advertised optional, the count of optional keys) says “made by the flatten” on the key and gives a fix about the union, not about a zod call. See [clients](clients.md).",
  when: 'a client or model provider the tool is judged against refuses, drops or rewrites it (a root `oneOf`, `format: "uri"`, `$ref`, a long name, too many tools); one finding per node and rule, listing every target',
  where:
    "the zod source of the node, narrowed to the call that caused it where one did (`.url()` for a format, `.optional()` for strict-required, `.nullable()` for a type array), in the file where it is written; tools per server on the server's first registration",
};
