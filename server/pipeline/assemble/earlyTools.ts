import type { EvaluatedTool } from '../evaluate/contract';

/**
 * Without a further tool for this long, what was collected is handed on: a module that goes quiet (awaits, hangs)
 * after registering an open file's tools shows them now, not at its time limit.
 */
const QUIET_MS = 150;
/** Hand-ons at most this often: each assembles every tool collected so far (an open entry's, interleaved with others). */
const MIN_INTERVAL_MS = 150;

export interface EarlyTools {
  /** A tool the worker streamed. */
  onTool: (tool: EvaluatedTool) => void;
  /** The evaluation ended: its result speaks from now on. */
  end: () => void;
}

/**
 * Collects the streamed tools that touch an open file (registered there, or their input built there) and calls
 * `handOn` with all collected so far whenever the stream moves on to a tool elsewhere, or goes quiet.
 */
export function collectEarlyTools(isOpen: (file: string) => boolean, handOn: (tools: readonly EvaluatedTool[]) => void): EarlyTools {
  const collected: EvaluatedTool[] = [];
  let unsent = false;
  let ended = false;
  let quiet: NodeJS.Timeout | undefined;
  let handedAt = -Infinity;
  const flush = () => {
    clearTimeout(quiet);
    quiet = undefined;
    if (ended || !unsent) return;
    unsent = false;
    handedAt = Date.now();
    handOn([...collected]);
  };
  const later = (ms: number) => {
    clearTimeout(quiet);
    quiet = setTimeout(flush, ms);
    quiet.unref?.();
  };
  return {
    onTool(tool) {
      if (ended) return;
      if (touchesOpenFile(tool, isOpen)) {
        collected.push(tool);
        unsent = true;
        return later(QUIET_MS);
      }
      if (!unsent) return;
      const wait = handedAt + MIN_INTERVAL_MS - Date.now();
      if (wait <= 0) flush();
      else later(wait);
    },
    end() {
      ended = true;
      clearTimeout(quiet);
    },
  };
}

function touchesOpenFile(tool: EvaluatedTool, isOpen: (file: string) => boolean): boolean {
  if (tool.callSite && isOpen(tool.callSite.file)) return true;
  if (tool.inputSite?.call && isOpen(tool.inputSite.call.file)) return true;
  if (tool.inputSite?.members?.some((m) => isOpen(m.file))) return true;
  return tool.frames?.some((f) => isOpen(f.file)) ?? false;
}
