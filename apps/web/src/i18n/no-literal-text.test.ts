// @vitest-environment node
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository's lint refuses a component that shows a text outside the catalogues: as JSX
// text, as a string in JSX, or in an attribute a reader or a screen reader meets.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const lint = async (code: string) => {
  const [result] = await eslint.lintText(code, {
    filePath: join(root, 'apps/web/src/features/example/example.tsx'),
  });
  return result!.messages.filter((m) => m.ruleId === 'i18next/no-literal-string');
};

describe('no literal text in components', () => {
  it('refuses literals a reader would see', async () => {
    expect(await lint('export function A() {\n  return <p>Hello table</p>;\n}\n')).toHaveLength(1);
    expect(
      await lint('export function B() {\n  return <input placeholder="Your name" />;\n}\n'),
    ).toHaveLength(1);
    expect(
      await lint("export function C(on: boolean) {\n  return <p>{on ? 'Online' : 'Off'}</p>;\n}\n"),
    ).toHaveLength(2);
    expect(
      await lint('export function D() {\n  return <img alt="A beer" src="/x.png" />;\n}\n'),
    ).toHaveLength(1);
  });

  it('accepts catalogue texts, numbers, symbols and class names', async () => {
    const code = [
      "import { useT } from '../../i18n/use-t';",
      'export function E({ n }: { n: number }) {',
      '  const { t } = useT();',
      '  return (',
      '    <p className="text-sm" aria-label={t(\'live.target\')}>',
      "      {t('live.round', { round: n, total: 3 })} – {n} →",
      '    </p>',
      '  );',
      '}',
      '',
    ].join('\n');
    expect(await lint(code)).toEqual([]);
  });
});
