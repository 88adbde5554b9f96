/** The literal arguments of `import.meta.glob` are read without evaluating anything; anything else is left alone. */
import { describe, expect, it } from 'vitest';
import { expandImportGlobs, parseLiterals } from '../../server/pipeline/evaluate/host/importGlob';

describe('import.meta.glob arguments', () => {
  it('reads strings, arrays and objects of literals', () => {
    expect(parseLiterals(`'./a/*.ts', { eager: true, import: "default" }`)).toEqual(['./a/*.ts', { eager: true, import: 'default' }]);
    expect(parseLiterals(`['./a/*.ts', '!./a/x.ts']`)).toEqual([['./a/*.ts', '!./a/x.ts']]);
  });

  it('refuses an expression: a call, a variable, a template with a substitution', () => {
    expect(parseLiterals(`require('child_process').execSync('rm -rf ~')`)).toBeUndefined();
    expect(parseLiterals(`pattern`)).toBeUndefined();
    expect(parseLiterals('`./${dir}/*.ts`')).toBeUndefined();
  });

  it('leaves a call whose arguments are not literals as it is, and lines where they were', () => {
    const source = 'const a = 1;\nconst t = import.meta.glob(pattern);\n';
    expect(expandImportGlobs('/nowhere/x.ts', source)).toBe(source);
    const expanded = expandImportGlobs('/nowhere/x.ts', "const a = 1;\nconst t = import.meta.glob('./none/*.ts');\n");
    expect(expanded.split('\n')).toHaveLength(3);
    expect(expanded).toContain('const t = ({  });');
  });
});
