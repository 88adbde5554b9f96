/** `evaluation-refused`: While checking, a module tried something the check refuses (a write outside the scratch folder, a read outside the workspace, a process, a thread, a connection beyond loopback); the attempt failed and evaluation went on. */
import { defineFinding, type FindingDocs } from './define';

export const evaluationRefused = defineFinding({
  code: 'evaluation-refused',
  defaultSeverity: 'information',
  summary:
    'While checking, a module tried something the check refuses (a write outside the scratch folder, a read outside the workspace, a process, a thread, a connection beyond loopback); the attempt failed and evaluation went on.',
  messages: {},
});

/** What the README's and docs/surface.md's tables say of it (`npm run docs:findings` writes them). */
export const docs: FindingDocs = {
  example:
    '“while checking, this module tried to write /home/me/.config/app/settings.json, and the check refused it; nothing to do unless its tools depend on it. Evaluated code reads the workspace, writes only to a scratch folder, connects only to loopback and starts no process or thread. Evaluation went on.” · “… tried to connect to api.example.com:443 …” At the call, in the file that made it; one the code does not catch is `evaluation-failed` instead.',
  when: 'while a file was evaluated, its code tried something the check refuses and caught the refusal (or, for a connection, got an unreachable host): a write outside the scratch folder, a read outside the workspace, a process, a worker thread, a connection, DNS lookup or UDP send beyond loopback; evaluation went on',
  where:
    "the call in user code that made the attempt (with a related link to the analysed file whose run reached it); the file's first line when the call is in a package",
};
