/**
 * A message the server sends without waiting on it (diagnostics, status, a notice). It fails only when the client
 * is gone: the connection throws once closed or disposed, and the promise rejects when a write fails. There is no
 * one left to tell, so the failure is dropped here, never left to end a session's background work unhandled.
 */
export function sendAndForget(send: () => Promise<unknown>): void {
  try {
    send().catch(() => undefined);
  } catch {
    // Closed or disposed: the client is gone.
  }
}

/** A log line or progress report (sent synchronously) to a client that may have gone: dropped, as above. */
export function toLiveClient(send: () => void): void {
  try {
    send();
  } catch {
    // Closed or disposed: the client is gone.
  }
}
