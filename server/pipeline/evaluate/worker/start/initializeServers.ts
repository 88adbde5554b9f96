/**
 * Inside the worker: a server that registers tools once a client initializes (`server.server.oninitialized`, as
 * servers do that offer some tools only to clients declaring roots, sampling or elicitation) showed them to no
 * evaluation: loading it runs no client. Each McpServer built during the evaluation that acts on initialize is
 * initialized by its SDK's own client declaring every capability, while the session still records, so what it
 * registers then is a tool like the rest, placed where it is registered. A throw in it is the evaluation's.
 */
import type { RecordingSession } from '../recorders/session';
import { actsOnInitialize, initializeAsClient } from '../shipped/mcpTools';

/** Initializes each server of the session that acts on it, as a client would; returns how many were. */
export async function initializeServers(session: RecordingSession, settle: () => Promise<void>): Promise<number> {
  const done = new Set<object>();
  for (const { instance, Real, module } of session.mcpServers) {
    if (done.has(instance) || !actsOnInitialize(instance)) continue;
    done.add(instance);
    await initializeAsClient(instance, Real, module);
    // What `oninitialized` started in promises (an async registration) lands before the session closes.
    await settle();
  }
  return done.size;
}
