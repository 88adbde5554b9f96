/**
 * A file's text with its comments blanked, for the textual tests that stand in front of parsing: a JSDoc example
 * (` * const server = new Server();`) is not code that builds a server.
 */
import { ts } from 'ts-morph';

const K = ts.SyntaxKind;

/** After these a `/` divides; after anything else (`=`, `(`, `,`, `return`…) it starts a regular expression. */
const ENDS_OPERAND = new Set<ts.SyntaxKind>([
  K.Identifier,
  K.PrivateIdentifier,
  K.NumericLiteral,
  K.BigIntLiteral,
  K.StringLiteral,
  K.RegularExpressionLiteral,
  K.NoSubstitutionTemplateLiteral,
  K.TemplateTail,
  K.CloseParenToken,
  K.CloseBracketToken,
  K.CloseBraceToken,
  K.ThisKeyword,
  K.SuperKeyword,
  K.TrueKeyword,
  K.FalseKeyword,
  K.NullKeyword,
  K.PlusPlusToken,
  K.MinusMinusToken,
]);

/** `text` with every comment replaced by spaces (line breaks kept): same length, same lines and columns. */
export function withCommentsBlanked(text: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  // For each template literal the scan is inside: how many `{` of its current substitution are open.
  const templates: number[] = [];
  let previous: ts.SyntaxKind = K.Unknown;
  let out = '';
  let copied = 0;
  for (let kind = scanner.scan(); kind !== K.EndOfFileToken; kind = scanner.scan()) {
    if ((kind === K.SlashToken || kind === K.SlashEqualsToken) && !ENDS_OPERAND.has(previous)) kind = scanner.reScanSlashToken();
    else if (kind === K.OpenBraceToken && templates.length) templates[templates.length - 1]++;
    else if (kind === K.CloseBraceToken && templates.length) {
      if (templates[templates.length - 1] > 0) templates[templates.length - 1]--;
      else kind = scanner.reScanTemplateToken(false);
    }
    if (kind === K.TemplateHead) templates.push(0);
    else if (kind === K.TemplateTail) templates.pop();
    if (kind === K.SingleLineCommentTrivia || kind === K.MultiLineCommentTrivia) {
      const start = scanner.getTokenStart();
      const end = scanner.getTokenEnd();
      out += text.slice(copied, start) + text.slice(start, end).replace(/[^\r\n]/g, ' ');
      copied = end;
    } else if (kind !== K.WhitespaceTrivia && kind !== K.NewLineTrivia) previous = kind;
  }
  return out + text.slice(copied);
}
