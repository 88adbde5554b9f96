/**
 * A start that stopped because it wants an argument (a CLI that needs a subcommand or a flag): which `--arg` would
 * start it, read from what it printed or threw. Never a value: a flag's value is the server's choice (which tools,
 * which transport), as a variable compared with values is (placeholders.ts), so the user is asked for it.
 */

/** Phrasings CLIs and hand-written starts use for a missing argument; the first group is the flag's name. */
const MISSING_FLAG = [
  /(?:^|\s|`|')--([a-z][\w-]*)\b[^\n.]*?\b(?:must be (?:provided|given|set|specified)|is required|are required|is missing)/i,
  /missing required (?:argument|option|flag)s?:?\s+['"`]?-{0,2}([a-z][\w-]*)/i,
  /required option\s+['"`]?--([a-z][\w-]*)/i,
  /(?:please )?(?:provide|pass|specify)\s+(?:the\s+)?['"`]?--([a-z][\w-]*)/i,
];
/** A usage line that asks for a command: `Usage: notes-mcp <command>`, with the commands listed after it. */
const USAGE = /\busage:\s*\S+.*<(?:command|cmd|subcommand)>/i;
/** Commands that start a server, as CLIs most often name them. */
const SERVE_COMMAND = /^\s{1,8}(stdio|serve|server|start|mcp|run)\b/im;

/** The `--arg` that would start the server, e.g. `--tools=<value>` or `stdio`; undefined when the text names none. */
export function argumentAskedFor(texts: readonly string[]): string | undefined {
  const text = texts.join('\n');
  for (const pattern of MISSING_FLAG) {
    const flag = pattern.exec(text)?.[1];
    if (flag) return `--${flag}=<value>`;
  }
  if (USAGE.test(text)) return SERVE_COMMAND.exec(text.slice(USAGE.exec(text)!.index))?.[1];
  return undefined;
}

/** The hint a start failure's message carries when the start asked for an argument. */
export function usageHint(texts: readonly string[]): string {
  const arg = argumentAskedFor(texts);
  if (!arg) return '';
  const what = arg.includes('<value>') ? 'the value your users pass' : 'it as your users do';
  return ` (it asks for the argument ${arg.replace('=<value>', '')}: pass ${what}, check --arg ${arg})`;
}
