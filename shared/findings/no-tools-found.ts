/** `no-tools-found`: A file that builds a server, or an entry point, ran and registered no tool: what was run and what was not called. */
import { defineFinding, type FindingDocs } from './define';

export const noToolsFound = defineFinding({
  code: 'no-tools-found',
  defaultSeverity: 'warning',
  summary: 'A file that builds a server, or an entry point, ran and registered no tool: what was run and what was not called.',
  messages: {},
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  severityNote: '(`check` on a folder that depends on a tool library and found no tool at all: error)',
  example:
    "“no tool was registered; name the entry point or the function that builds your server with check --entry (file#function). This file's top level ran, connectRemote() threw TypeError: Invalid URL. In the editor: toolSchemaLens.entryPoints.” On a file that builds a server (or an entry point) that ran and yielded no tool anywhere: what ran, what was called, what threw. The text summary then says `0 tools found`, never “no problems”. `check` on a folder whose package.json depends on a tool library (directly or through a package of its workspace) and where no tool was found at all raises it as an **error** on that dependency (exit 1), saying whether every file was excluded as a test, failed to evaluate, or registered nothing.",
  when: 'a file that builds a server, or an entry point, ran and registered no tool; the message says what was run and what was not called, and how to name the entry point or factory. In `check`, a checked folder whose package.json depends on a tool library and that yielded no tool at all: an error (rule `workspace-without-tools`, exit 1) saying whether its files were all excluded as tests, failed to evaluate, or registered nothing',
  where: "the file's first line, or the call that failed; the workspace error on the package.json line naming the library",
};
