/**
 * The entry's transform made by the host before its worker asks (evaluate/host/preparedEntry.ts): exactly what the
 * loader would ask for (the text with its appendix, keyed by the tsconfig's options and the bundler's constants),
 * made by the same transform, or nothing at all.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundlerDefines } from '../../server/pipeline/evaluate/bundlerDefines';
import { prepareEntry, type PreparingEntry } from '../../server/pipeline/evaluate/host/preparedEntry';
import { transformSource } from '../../server/pipeline/evaluate/host/transformSource';
import { tsconfigFor } from '../../server/pipeline/evaluate/tsconfig';
import { moduleFormatOf } from '../../server/pipeline/evaluate/moduleFormat';
import { transformKey, type PreparedEntry } from '../../server/pipeline/evaluate/worker/loader/protocol';
import { FIXTURES } from '../cli/runCli';

const root = path.join(FIXTURES, 'prepared-entry');
const APPENDIX = '\nexport { inputSchema as __toolSchemaLensTagged_0 };';

/** The prepared entry once its transform has settled (it is made in the background). */
async function settled(preparing: PreparingEntry): Promise<PreparedEntry | undefined> {
  await preparing.settled;
  return preparing.current();
}

describe('an entry transformed before its worker asks', () => {
  it('is the text and appendix, keyed and transformed as the loader would ask for it', async () => {
    const file = path.join(root, 'src/tool.ts');
    const prepared = await settled(prepareEntry(file, APPENDIX, new Map()));
    const { compilerOptions } = tsconfigFor(file);
    expect(compilerOptions).toMatchObject({ experimentalDecorators: true, useDefineForClassFields: false });
    const source = `import { z } from 'zod';\n\nexport const inputSchema = z.object({ id: z.string() });\n${APPENDIX}`;
    const format = moduleFormatOf(file);
    const made = await transformSource(file, source, compilerOptions, format);
    expect(prepared).toEqual({
      source,
      options: transformKey(compilerOptions, bundlerDefines(file), format),
      code: 'code' in made ? made.code : undefined,
      format,
    });
  });

  it('uses the unsaved text of an open buffer, as the loader serves it', async () => {
    const file = path.join(root, 'src/tool.ts');
    const text = "import { z } from 'zod';\nexport const inputSchema = z.object({ renamed: z.number() });\n";
    const prepared = await settled(prepareEntry(file, APPENDIX, new Map([[file, text]])));
    expect(prepared?.source).toBe(text + APPENDIX);
    expect(prepared?.code).toContain('renamed');
  });

  it('is nothing for a file that does not transform, or one the loader hands to Node as it is', async () => {
    expect(await settled(prepareEntry(path.join(root, 'src/broken.ts'), '', new Map()))).toBeUndefined();
    expect(await settled(prepareEntry(path.join(root, 'src/missing.ts'), '', new Map()))).toBeUndefined();
    expect(await settled(prepareEntry(path.join(root, 'src/plain.js'), '', new Map()))).toBeUndefined();
  });
});
