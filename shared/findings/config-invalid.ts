/** `config-invalid`: The project configuration (`toolschemalens.config.json`, a `tsconfig.json`) does not parse (an error: the folder is checked without it), or names a key, value, client or rule that does not exist (a warning: that entry is ignored). */
import { defineFinding, type FindingDocs } from './define';

export const configInvalid = defineFinding({
  code: 'config-invalid',
  defaultSeverity: 'error',
  summary:
    'The project configuration (`toolschemalens.config.json`, a `tsconfig.json`) does not parse (an error: the folder is checked without it), or names a key, value, client or rule that does not exist (a warning: that entry is ignored).',
  messages: {},
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  severityNote: '(an unknown key, value, client or rule: warning)',
  example:
    "“toolschemalens.config.json: `severity.codex/fromat` names no client rule `fromat` (known: root-type, …); it is ignored” on that key of the project file; “tsconfig.json does not parse: ',' expected; this folder was analysed without it …” on the tsconfig.",
  when: 'the project file `toolschemalens.config.json` or a `tsconfig.json` does not parse or is not a regular file (the folder is checked without it); at severity warning: it names a key, a value, a client or a rule that does not exist (that entry is ignored)',
  where: 'the key in the project file, or where the parser stopped',
};
