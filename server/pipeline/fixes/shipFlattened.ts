/**
 * "Ship `name` flattened" on a `union-shipped` tool: the title, whether the fix can apply in this workspace (the
 * runtime package installed), and the registration's rewrite (shipFlattenedEdit.ts) as offset edits on its text.
 * Every front offers it from here; the language server wraps it in a versioned WorkspaceEdit.
 */
import { createRequire } from 'node:module';
import type { ToolReport } from '../assemble/report';
import { planShipFlattened, RUNTIME_PACKAGE, type OffsetEdit } from './shipFlattenedEdit';

/** MCP SDK versions before this take raw shapes only: the fix registers the runtime's `.shape` there. */
const FIRST_SDK_WITH_SCHEMAS = [1, 20];

/** The fix for one tool: its edits, or why it is offered disabled (`refused`). */
export type ShipFlattenedFix = { title: string; edits: OffsetEdit[] } | { title: string; refused: string };

/**
 * The action's title; where the SDK takes only a raw shape and a root variant is strict or open, it says what the
 * SDK's own wrapping object costs, since the fix cannot keep it (the runtime package's README, "What holds").
 */
export function shipFlattenedTitle(tool: string, rawShapeLoss?: { sdkVersion: string }): string {
  const loss = rawShapeLoss ? ` (SDK ${rawShapeLoss.sdkVersion} takes a raw shape: keys no variant declares are dropped, not refused)` : '';
  return `Ship \`${tool}\` flattened${loss}`;
}

/** Whether a registration can be shipped flattened: registered by code, and not flattened already. */
export function canShipFlattened(tool: Pick<ToolReport, 'kind' | 'shipped'>): boolean {
  return tool.kind === 'registration' && !tool.shipped?.flattened;
}

/**
 * The rewrite of `tool`'s registration in `text` (its file's current text); `callStart` is the offset of the
 * registration's first character in that text.
 */
export function shipFlattenedFix(tool: ToolReport, text: string, callStart: number): ShipFlattenedFix {
  const rawShapeOnly = takesRawShapesOnly(tool);
  const loss = rawShapeOnly && rootStrictness(tool) ? { sdkVersion: tool.shipped?.libraryVersion ?? '' } : undefined;
  const title = shipFlattenedTitle(tool.name, loss);
  if (!installed(tool.location.file)) {
    return { title, refused: `${RUNTIME_PACKAGE} is not installed in this workspace: run \`npm install ${RUNTIME_PACKAGE}\`, then apply this fix` };
  }
  const plan = planShipFlattened(text, tool.location.file, callStart, tool.name, { rawShapeOnly });
  return 'refused' in plan ? { title, refused: plan.refused } : { title, edits: plan.edits };
}

/** Whether the runtime package resolves from the file, as the server's own import of it will (resolution only, nothing runs). */
function installed(file: string): boolean {
  try {
    createRequire(file).resolve(`${RUNTIME_PACKAGE}/package.json`);
    return true;
  } catch {
    return false;
  }
}

function takesRawShapesOnly(tool: ToolReport): boolean {
  if (tool.sdk !== 'mcp' || tool.shipped?.library !== '@modelcontextprotocol/sdk' || !tool.shipped.libraryVersion) return false;
  const [major, minor] = tool.shipped.libraryVersion.split('.').map(Number);
  return major < FIRST_SDK_WITH_SCHEMAS[0] || (major === FIRST_SDK_WITH_SCHEMAS[0] && minor < FIRST_SDK_WITH_SCHEMAS[1]);
}

/** Whether a variant of a root union is strict or open (the flatten reports each as strictness-dropped at the root). */
function rootStrictness(tool: ToolReport): boolean {
  return (tool.flattened?.losses ?? []).some((f) => f.code === 'strictness-dropped' && f.path.length === 0);
}
