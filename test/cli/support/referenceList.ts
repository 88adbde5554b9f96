/**
 * What a real client of the MCP SDK receives from `tools/list` of a server a module exports, the module run by tsx
 * as `tsx src/server.ts` would run it: the reference "as Node runs it" for the loading tests.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

export function referenceList(root: string, file: string, exportName: string, capabilities: Record<string, unknown> = {}): Promise<unknown[]> {
  const script = [
    "const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');",
    "const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');",
    `const mod = await import(${JSON.stringify(path.join(root, file))});`,
    'const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();',
    `await mod[${JSON.stringify(exportName)}].connect(serverSide);`,
    `const client = new Client({ name: 'reference', version: '0.0.0' }, { capabilities: ${JSON.stringify(capabilities)} });`,
    'await client.connect(clientSide);',
    'process.stdout.write(JSON.stringify((await client.listTools()).tools));',
    'await client.close();',
  ].join('\n');
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as unknown[]),
    ),
  );
}
