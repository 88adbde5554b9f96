/** The argument a start asks for, read from what CLIs print when one is missing (pipeline/usageHint.ts). */
import { describe, expect, it } from 'vitest';
import { argumentAskedFor } from '../../server/pipeline/usageHint';

describe('argumentAskedFor', () => {
  it.each([
    ['The --tools arguments must be provided.', '--tools=<value>'],
    ["error: required option '--transport <type>' not specified", '--transport=<value>'],
    ['Missing required argument: workspace', '--workspace=<value>'],
    ['--api-url is required when no config file is found', '--api-url=<value>'],
    ['Usage: notes-mcp <command>\n\nCommands:\n  stdio   serve over stdio\n  http    serve over HTTP', 'stdio'],
  ])('%j asks for %s', (printed, arg) => {
    expect(argumentAskedFor([printed])).toBe(arg);
  });

  it('reads nothing into an error that asks for no argument', () => {
    expect(argumentAskedFor(['ACME_TOKEN is not set', 'Invalid URL'])).toBeUndefined();
  });
});
