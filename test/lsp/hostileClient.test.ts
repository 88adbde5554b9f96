/**
 * A client that sends what it should not: a trust flag that is not `true`, bytes that are not the protocol, a
 * second initialize. The real built server over stdio, every time: trust fails closed, a broken frame ends the
 * server with an error (so the client restarts it) instead of leaving it deaf, and a second initialize is refused.
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, descendants, SERVER, TestClient, uriOf } from './client';

describe('trust fails closed', { timeout: 90_000 }, () => {
  it.each([
    ['"false"', 'false'],
    ['0', 0],
    ['null', null],
    ['"true"', 'true'],
    ['1', 1],
  ])('isTrusted: %s over stdio runs nothing and says what it got', async (shown, value) => {
    const root = copyFixture('lsp-basic');
    const client = await TestClient.spawn({ root, initializationOptions: { isTrusted: value } });
    try {
      const tools = path.join(root, 'src/tools.ts');
      const d = await client.waitForDiagnostics(tools, { match: (x) => x.length > 0 });
      expect(d.diagnostics.map((x) => x.code)).toEqual(['evaluation-failed']);
      expect(d.diagnostics[0].message).toMatch(/not trusted/);
      await client.waitForStatus('untrusted');
      expect(client.logs.join('\n')).toContain(`workspace not trusted: initializationOptions.isTrusted was ${shown} (only the boolean true trusts)`);
      expect(descendants(client.process!.pid!)).toEqual([]);
    } finally {
      client.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

const frame = (body: string | Buffer) => {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`), bytes]);
};
const request = (id: number, method: string, params: unknown) => frame(JSON.stringify({ jsonrpc: '2.0', id, method, params }));

/** Bytes a broken client or a corrupted pipe can send after a good initialize. */
const MALFORMED: Array<[string, Buffer]> = [
  ['a non-numeric Content-Length', Buffer.from('Content-Length: abc\r\n\r\n{}')],
  ['no Content-Length', Buffer.from('Content-Type: application/vscode-jsonrpc\r\n\r\n{}')],
  ['a header line without a colon', Buffer.from('garbage\r\n\r\n')],
  ['a negative Content-Length', Buffer.from('Content-Length: -5\r\n\r\n')],
  ['a Content-Length of 100 GB', Buffer.from('Content-Length: 99999999999\r\n\r\n{}')],
  ['a header that never ends', Buffer.from('Content-Length: 2' + ' '.repeat(20_000))],
  ['a body that is not JSON', frame('{not json')],
  ['a batch', frame('[]')],
  ['null', frame('null')],
  ['a number', frame('1')],
  ['no method and no id', frame('{"jsonrpc":"2.0"}')],
  ['a response to nothing', frame('{"jsonrpc":"2.0","id":12345,"result":null}')],
  [
    'a latin1 charset',
    Buffer.concat([Buffer.from('Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n'), Buffer.from('{}')]),
  ],
  ['invalid UTF-8', Buffer.concat([Buffer.from('Content-Length: 4\r\n\r\n'), Buffer.from([0x7b, 0xff, 0xfe, 0x7d])])],
  ['an empty body', Buffer.from('Content-Length: 0\r\n\r\n')],
];

/** Sends initialize, then `bad`, then a hover: 'answered' or 'exited <code>'. A deaf server never settles, so the test's own limit fails it. */
async function afterMalformed(bad: Buffer): Promise<string> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-frames-'));
  const child = spawn(process.execPath, [SERVER, 'lsp', '--stdio'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  const seen = (text: string) =>
    new Promise<true>((resolve) => {
      const look = () => out.includes(text) && (child.stdout.off('data', look), resolve(true));
      child.stdout.on('data', look);
      look();
    });
  child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
  child.stderr.resume();
  child.stdin.on('error', () => undefined);
  const exited = new Promise<string>((resolve) => child.on('exit', (code, signal) => resolve(`exited ${code ?? signal}`)));
  try {
    child.stdin.write(request(1, 'initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { isTrusted: false } }));
    const initialized = await Promise.race([seen('"id":1'), exited]);
    if (initialized !== true) return `never initialized (${initialized})`;
    child.stdin.write(bad);
    child.stdin.write(request(77, 'textDocument/hover', { textDocument: { uri: 'file:///nowhere/x.ts' }, position: { line: 0, character: 0 } }));
    return await Promise.race([exited, seen('"id":77').then(() => 'answered')]);
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

describe('malformed frames over stdio', { timeout: 120_000 }, () => {
  it(`${MALFORMED.length} kinds: the server answers after each, or exits with an error; never alive and deaf`, async () => {
    const outcomes: Record<string, string> = {};
    for (const [name, bad] of MALFORMED) outcomes[name] = await afterMalformed(bad);
    expect(outcomes).toEqual({
      'a non-numeric Content-Length': 'exited 1',
      'no Content-Length': 'exited 1',
      'a header line without a colon': 'exited 1',
      'a negative Content-Length': 'exited 1',
      'a Content-Length of 100 GB': 'exited 1',
      'a header that never ends': 'exited 1',
      'a body that is not JSON': 'answered',
      'a batch': 'answered',
      null: 'answered',
      'a number': 'answered',
      'no method and no id': 'answered',
      'a response to nothing': 'answered',
      'a latin1 charset': 'answered',
      'invalid UTF-8': 'answered',
      'an empty body': 'answered',
    });
  });
});

describe('a second initialize', { timeout: 90_000 }, () => {
  it('is refused per the protocol, and the first session carries on with its own workers', async () => {
    const root = copyFixture('lsp-basic');
    const client = await TestClient.spawn({ root });
    try {
      const tools = path.join(root, 'src/tools.ts');
      await client.waitForDiagnostics(tools, { match: (x) => x.length === 3 });
      const workers = descendants(client.process!.pid!);
      await expect(client.request('initialize', { processId: process.pid, rootUri: null, capabilities: {} })).rejects.toMatchObject({
        code: -32600,
        message: expect.stringContaining('only once'),
      });
      // Still the first session: it answers, analyses edits and keeps the same worker processes.
      client.open(tools);
      const text = fs.readFileSync(tools, 'utf8');
      const version = client.change(tools, text + '\n');
      await client.waitForDiagnostics(tools, { version, match: (x) => x.length === 3 });
      expect(descendants(client.process!.pid!).filter((pid) => workers.includes(pid)).length).toBeGreaterThan(0);
      expect(await client.shutdown()).toBe(0);
    } finally {
      client.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a hostile workspace, untrusted or with odd names', { timeout: 90_000 }, () => {
  it('an untrusted server with a tsconfig.json that is a FIFO still answers and says the workspace is untrusted', async () => {
    const root = copyFixture('lsp-basic');
    fs.rmSync(path.join(root, 'tsconfig.json'), { force: true });
    execFileSync('mkfifo', [path.join(root, 'tsconfig.json')]);
    const client = await TestClient.spawn({ root, initializationOptions: { isTrusted: false } });
    try {
      const tools = path.join(root, 'src/tools.ts');
      const d = await client.waitForDiagnostics(tools, { match: (x) => x.length > 0 });
      expect(d.diagnostics.map((x) => x.code)).toEqual(['evaluation-failed']);
      // Still answering: the hover over the finding says why nothing ran.
      const hover = await client.request('textDocument/hover', { textDocument: { uri: uriOf(tools) }, position: d.diagnostics[0].range.start });
      expect(JSON.stringify(hover)).toContain('not trusted');
      await client.waitFor('the skipped tsconfig in the log', () =>
        client.logs.find((l) => l.includes('tsconfig.json: a named pipe (FIFO), not a regular file')),
      );
    } finally {
      client.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('publishes to the URI the editor opened, for a folder and a file named with é, %, #, ? and a newline', async () => {
    const parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsl-odd-')));
    const root = path.join(parent, 'dé jà%20#x?y\nz');
    fs.renameSync(copyFixture('lsp-basic'), root);
    const odd = path.join(root, 'src/tö%ls#1?\nb.ts');
    fs.renameSync(path.join(root, 'src/tools.ts'), odd);
    const client = await TestClient.spawn({ root });
    try {
      // Spelled as an editor may: lower-case escapes, where Node writes upper-case ones.
      const uri = uriOf(odd).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
      expect(uri).not.toBe(uriOf(odd));
      const text = fs.readFileSync(odd, 'utf8');
      void client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text } });
      const published = await client.waitFor('diagnostics at the editor’s URI', () =>
        client.diagnostics.find((p) => p.uri === uri && p.diagnostics.length === 3),
      );
      expect(published.diagnostics.map((d) => d.code).sort()).toEqual(['collision-widened', 'enum-widened', 'enum-widened']);
      // Where the source says, in the file itself.
      for (const d of published.diagnostics) expect(text.split('\n')[d.range.start.line].length).toBeGreaterThan(d.range.start.character);
      expect(client.diagnostics.filter((p) => p.uri !== uri && p.diagnostics.length > 0).map((p) => p.uri)).toEqual([]);
    } finally {
      client.kill();
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
