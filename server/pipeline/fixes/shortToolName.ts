/**
 * "Rename tool `x` to `y`": a tool name too long for a client (with the prefix the client puts before it) shortened
 * until every client the finding names takes it, judged by the same client rules that raised the finding. Offered
 * only where the name is a plain string literal at the registration; every string literal in that file equal to
 * the old name is renamed with it (a name list, a dispatch table), nothing in other files.
 */
import { ts } from 'ts-morph';
import { judgeTool, TARGET_IDS } from '../../../shared/clients/index';
import type { Diagnostic, ToolReport } from '../assemble/report';
import type { Range } from '../syntax/places';
import type { PlannedEdit, PlannedFix, TextOf } from './plan';
import { offsetAt, positionAt } from './positions';

/** Words a name reads the same without. */
const FILLER = new Set(['a', 'an', 'the', 'of', 'for', 'to', 'and', 'in', 'on', 'with', 'by', 'from', 'at']);

/** The tool's name literal renamed to the longest-kept short name every target of the finding accepts. */
export function shortToolNameFix(d: Diagnostic, textOf: TextOf, tools: readonly ToolReport[]): PlannedFix | undefined {
  if (d.code !== 'client-rejects' || d.rule !== 'name-length' || !d.tool) return undefined;
  const text = textOf(d.file);
  if (text === undefined) return undefined;
  const tool = tools.find((t) => t.id === d.toolId);
  const at = [d.range, tool?.location.file === d.file ? tool.nameRange : undefined].find((r) => r && isNameLiteral(text, r, d.tool!));
  if (!at) return undefined;
  const targets = d.targets?.length ? d.targets : TARGET_IDS;
  const server = tool?.server?.name;
  const fits = (name: string) => !judgeTool({ name, inputSchema: { type: 'object' } }, { server }, targets).some((v) => v.rule === 'name-length');
  const taken = new Set(tools.filter((t) => t.location.file === d.file || (tool?.server && t.server?.id === tool.server.id)).map((t) => t.name));
  const short = shortName(d.tool, (n) => fits(n) && !taken.has(n));
  if (!short) return undefined;
  const edits = literalsOf(d.file, text, d.tool).map(({ range, quote }): PlannedEdit => ({ file: d.file, range, newText: `${quote}${short}${quote}` }));
  return { title: `Rename tool \`${d.tool}\` to \`${short}\``, edits };
}

/**
 * Shorter spellings of `name`, each from the one before: filler words dropped, then words without their inner
 * vowels and then cut to four letters (longest word first), then the whole cut; the first `ok` takes wins.
 */
export function shortName(name: string, ok: (candidate: string) => boolean): string | undefined {
  const parts = name.split(/([_.:-]+)/);
  // Each word with the separator written before it, so a dropped word takes its own separator along.
  let words = parts.flatMap((w, i) => (i % 2 === 0 ? [{ sep: i === 0 ? '' : parts[i - 1], w }] : []));
  const join = (ws: typeof words) => ws.map(({ sep, w }, i) => (i === 0 ? w : sep + w)).join('');
  const tried: string[] = [];
  const kept = words.filter(({ w }) => !FILLER.has(w.toLowerCase()));
  if (kept.length > 0 && kept.length < words.length) tried.push(join((words = kept)));
  for (const shorten of [devowel, (w: string) => w.slice(0, 4)]) {
    const order = words.map(({ w }, i) => ({ w, i })).sort((a, b) => b.w.length - a.w.length || a.i - b.i);
    for (const { i } of order) {
      const next = shorten(words[i].w);
      if (next === words[i].w) continue;
      words = words.map((x, j) => (j === i ? { ...x, w: next } : x));
      tried.push(join(words));
    }
  }
  const last = join(words);
  for (let n = last.length - 1; n > 0; n--) tried.push(last.slice(0, n).replace(/[_.:-]+$/, ''));
  const found = tried.find((c) => c.length > 0 && c !== name && ok(c));
  if (found) return found;
  // Every cut is taken by another tool: a numbered one.
  for (let n = last.length; n > 0; n--) {
    for (let k = 2; k < 10; k++) {
      const numbered = `${last.slice(0, n).replace(/[_.:-]+$/, '')}_${k}`;
      if (ok(numbered)) return numbered;
    }
  }
  return undefined;
}

/** A word with the vowels after its first letter taken out (`reminder` → `rmndr`). */
function devowel(word: string): string {
  return word.charAt(0) + word.slice(1).replace(/[aeiouAEIOU]/g, '');
}

/** True where the text at `r` is a quoted string literal spelling exactly `name`. */
function isNameLiteral(text: string, r: Range, name: string): boolean {
  const written = text.slice(offsetAt(text, r.start), offsetAt(text, r.end));
  return ["'", '"', '`'].some((q) => written === `${q}${name}${q}`);
}

/** Every string literal in `text` (no template with holes, no escapes) whose value is `name`: its range, quotes included. */
function literalsOf(file: string, text: string, name: string): Array<{ range: Range; quote: string }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: Array<{ range: Range; quote: string }> = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text === name && node.getText(source).length === name.length + 2) {
      const start = node.getStart(source);
      out.push({ range: { start: positionAt(text, start), end: positionAt(text, node.getEnd()) }, quote: text[start] });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}
