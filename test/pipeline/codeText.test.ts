/** The comment blanking in front of discovery's textual tests: comments go, code, strings, templates and regular expressions stay. */
import { describe, expect, it } from 'vitest';
import { withCommentsBlanked } from '../../server/pipeline/discover/codeText';

describe('withCommentsBlanked', () => {
  it.each([
    ['a JSDoc example', '/**\n * new Server();\n */\nexport const a = 1;', '   \n' + ' '.repeat(' * new Server();'.length) + '\n   \nexport const a = 1;'],
    ['a line comment after a URL in a string', "const u = 'https://x.y'; new McpServer(); // done\n", "const u = 'https://x.y'; new McpServer();        \n"],
    ['`//` in a template, after a substitution', 'const t = `${a}//b`; new McpServer();', 'const t = `${a}//b`; new McpServer();'],
    [
      'nested templates and braces',
      'const t = `x${ { a: `${b}//` }.a }//y`; /* c */ new Server();',
      'const t = `x${ { a: `${b}//` }.a }//y`;         new Server();',
    ],
    ['a regular expression with slashes and a division', 'const r = /\\/\\*/; const d = a / b // c\n', 'const r = /\\/\\*/; const d = a / b     \n'],
  ])('%s', (_, text, expected) => {
    const blanked = withCommentsBlanked(text);
    expect(blanked).toBe(expected);
    expect(blanked.length).toBe(text.length);
  });
});
