/** What the status bar item says for each server status; pure, so it reads (and is tested) as a table. */
import type { StatusParams } from '../protocol';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The item's text (with a codicon) and tooltip for one status. */
export function describeStatus(status: StatusParams): { text: string; tooltip: string } {
  const detail = status.detail ? `\n${status.detail}` : '';
  switch (status.state) {
    case 'starting':
      return { text: '$(loading~spin) Tool Schema Lens', tooltip: `Tool Schema Lens: starting${detail}` };
    case 'analysing':
      return { text: '$(loading~spin) Tool schemas: analysing…', tooltip: `Tool Schema Lens: analysing the workspace${detail}` };
    case 'untrusted':
      return {
        text: '$(shield) Tool schemas: not trusted',
        tooltip: `Tool Schema Lens does not run workspace code until you trust this workspace.${detail}`,
      };
    case 'disabled':
      return { text: '$(circle-slash) Tool schemas: off', tooltip: `Tool Schema Lens is disabled by \`toolSchemaLens.enable\`.${detail}` };
    case 'idle': {
      const tools = plural(status.tools, 'tool', 'tools');
      // A partial result says so on the item itself, not only in its tooltip.
      const partial = status.notEvaluated ? `, ${plural(status.notEvaluated, 'file', 'files')} not evaluated` : '';
      if (status.problems === 0 && !partial) return { text: `$(check) ${tools}`, tooltip: `Tool Schema Lens: ${tools}, no problems${detail}` };
      const problems = plural(status.problems, 'problem', 'problems');
      return { text: `$(warning) ${tools}, ${problems}${partial}`, tooltip: `Tool Schema Lens: ${tools}, ${problems}${partial}${detail}` };
    }
  }
}

/** Shown while the server is not running (crashed, or between stop and start). */
export const STOPPED_STATUS = {
  text: '$(debug-disconnect) Tool schemas: stopped',
  tooltip: 'The Tool Schema Lens server is not running. Run "Tool Schema Lens: Restart Server".',
};
