/**
 * The environment the user gives for evaluating their servers: an env file (`.env` by default, when present)
 * overlaid by explicit values (`toolSchemaLens.evaluation.env`, `check --env NAME=VALUE`). Nothing is
 * invented; values are passed to the workers only, never printed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** `NAME=value` lines; `export`, quotes and `#` comments as dotenv writes them. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2];
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === '`') && value.lastIndexOf(quote) > 0) {
      value = value.slice(1, value.lastIndexOf(quote));
      if (quote === '"') value = value.replace(/\\n/g, '\n');
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out[match[1]] = value;
  }
  return out;
}

/** The evaluation environment for a root: the env file's values (an unset `envFile` means `.env` if it exists), then `explicit`. */
export function evaluationEnv(root: string, envFile: string | undefined, explicit: Readonly<Record<string, string>> = {}): Record<string, string> {
  const file = path.resolve(root, envFile || '.env');
  let fromFile: Record<string, string> = {};
  try {
    fromFile = parseEnvFile(fs.readFileSync(file, 'utf8'));
  } catch {
    // No env file: only the explicit values.
  }
  return { ...fromFile, ...explicit };
}
