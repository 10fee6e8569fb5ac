/**
 * Every word the app shows goes through the translation layer (src/app/i18n): this test reads
 * the app's components (src/app/**\/*.tsx) with the TypeScript parser and fails on words
 * written straight into them: JSX text, and string literals given to the props a person reads
 * or hears (aria-label, title, placeholder, alt, label...), unless they come from `t()`.
 * A word is a run of two or more letters (Latin or Arabic); symbols, ids and numbers pass.
 * What is allowed anyway is listed below, each with why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const APP_DIR = join(import.meta.dirname, '..', 'src', 'app');

/** Props whose value is read or heard by a person. */
const READ_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'summary',
  'buttonText',
  'buttonNote',
  'heading',
  'text',
]);

/**
 * Allowed anyway, as `file: text`, each with why it is not translated. Empty: identifiers are
 * marked up as such instead (`<code>`, `<kbd>`, `<samp>`, `<bdi>`: a table's name, SQL, a key),
 * and the language switcher's names of languages live in languages.ts (each in its own words,
 * which is the point of a switcher), not in a component.
 */
const ALLOWED: ReadonlySet<string> = new Set<string>([]);

const WORD = /[A-Za-z\u0600-\u06ff]{2,}/;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** Literal text inside an expression that is not an argument of a call (`t('key')` is fine). */
function literalsOutsideCalls(node: ts.Node): string[] {
  if (ts.isCallExpression(node)) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
    return [...parts, ...node.templateSpans.flatMap((span) => literalsOutsideCalls(span.expression))];
  }
  // Both arms of `a ? 'x' : 'y'` and `a ?? 'x'` are shown; a comparison's operands are not.
  if (ts.isConditionalExpression(node))
    return [...literalsOutsideCalls(node.whenTrue), ...literalsOutsideCalls(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const kind = node.operatorToken.kind;
    if (
      kind === ts.SyntaxKind.QuestionQuestionToken ||
      kind === ts.SyntaxKind.BarBarToken ||
      kind === ts.SyntaxKind.PlusToken
    )
      return [...literalsOutsideCalls(node.left), ...literalsOutsideCalls(node.right)];
    if (kind === ts.SyntaxKind.AmpersandAmpersandToken) return literalsOutsideCalls(node.right);
    return [];
  }
  if (ts.isParenthesizedExpression(node)) return literalsOutsideCalls(node.expression);
  return [];
}

/** Elements whose text is an identifier, the same in every language (a table's name, SQL, a key). */
const IDENTIFIER_ELEMENTS = new Set(['code', 'kbd', 'samp', 'bdi']);

function insideIdentifierElement(node: ts.Node): boolean {
  const parent = node.parent;
  return ts.isJsxElement(parent) && IDENTIFIER_ELEMENTS.has(parent.openingElement.tagName.getText());
}

/** The words written straight into one component's source, as `line: text`. */
function untranslatedText(path: string, text: string = readFileSync(path, 'utf8')): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    if (!WORD.test(text)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${line}: ${text.trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && !insideIdentifierElement(node)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent) && !insideIdentifierElement(node)) {
      for (const text of literalsOutsideCalls(node.expression)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && READ_PROPS.has(node.name.getText(source)) && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) report(node, value.text);
      else if (ts.isJsxExpression(value) && value.expression)
        for (const text of literalsOutsideCalls(value.expression)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('user-facing text is written only in the translation layer', () => {
  const files = tsxFiles(APP_DIR);

  it('finds the components to read', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it('has no words written straight into a component', () => {
    const offences = files.flatMap((path) =>
      untranslatedText(path)
        .map((hit) => `${relative(APP_DIR, path)}:${hit}`)
        .filter((hit) => !ALLOWED.has(hit.replace(/:\d+:/, ': '))),
    );
    expect(offences).toEqual([]);
  });

  it('catches words in JSX text, in literals shown in JSX and in read props, and nothing from t()', () => {
    const source = [
      'export const X = () => (',
      '  <p title="Close it" aria-label={open ? \'Open\' : t(\'k\')} className="not-read">',
      "    Hello {'there'} {t('ok')} {count > 1 ? t('many') : '·'} <code>shedlock</code> <kbd>Ctrl</kbd>",
      '  </p>',
      ');',
    ].join('\n');
    expect(untranslatedText('probe.tsx', source)).toEqual(['2: Close it', '2: Open', '3: Hello', '3: there']);
  });
});
