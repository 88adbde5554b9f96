/**
 * A loopback HTTP server that speaks the three providers' APIs as `verify` calls them: OpenAI's chat completions,
 * Anthropic's messages and Gemini's generateContent. It records each request's bytes and answers as the provider
 * does, replaying refusals quoted in public threads in the provider's own error format (providers/, a file each,
 * with their sources). A test may put answers of its own first (a 429, a 529) with `queue`. Nothing here leaves
 * 127.0.0.1.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicAnswer } from './providers/anthropic';
import { geminiAnswer } from './providers/gemini';
import { openaiAnswer } from './providers/openai';
import type { Answer } from './providers/shared';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type { Answer };

export interface Loopback {
  url: string;
  received: Received[];
  /** Answers given before the provider's own, in order, to the next requests. */
  queue: Answer[];
  /** Waits for `n` requests in all (an event, not a clock). */
  requests(n: number): Promise<void>;
  close(): Promise<void>;
  /** Whether strict OpenAI refuses a oneOf (a test of the other side turns it off). */
  openaiRefusesOneOf: boolean;
}

export async function startLoopback(): Promise<Loopback> {
  const received: Received[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const loop: Loopback = {
    url: '',
    received,
    queue: [],
    openaiRefusesOneOf: true,
    requests: (n) => (received.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      const queued = loop.queue.findIndex((a) => !a.path || r.url.endsWith(a.path));
      const answer = queued >= 0 ? loop.queue.splice(queued, 1)[0] : answerOf(r, loop);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  loop.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return loop;
}

function answerOf(r: Received, loop: Loopback): Answer {
  const body = JSON.parse(r.body);
  if (r.url.endsWith('/chat/completions')) return openaiAnswer(body, { strictRefusesOneOf: loop.openaiRefusesOneOf });
  if (r.url.endsWith('/messages')) return anthropicAnswer(body);
  if (r.url.includes(':generateContent')) return geminiAnswer(body);
  return { status: 404, body: { error: { message: `no such path ${r.url}` } } };
}
