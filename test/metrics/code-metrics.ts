/**
 * Measures the shape of the code under src/: casts, import circles, long
 * functions and size. Run with `npm run metrics`; the figures go into the
 * README's maintainability table, so a refactor can show what it changed.
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
const LONG_FUNCTION = 60;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A cast that claims a value's type: to a primitive, `unknown`, a record or an object literal type. */
function isValueCast(type: ts.TypeNode): boolean {
  if (
    type.kind === ts.SyntaxKind.NumberKeyword ||
    type.kind === ts.SyntaxKind.StringKeyword ||
    type.kind === ts.SyntaxKind.BooleanKeyword ||
    type.kind === ts.SyntaxKind.UnknownKeyword ||
    type.kind === ts.SyntaxKind.TypeLiteral
  ) {
    return true;
  }
  if (ts.isArrayTypeNode(type)) return isValueCast(type.elementType);
  return ts.isTypeReferenceNode(type) && type.typeName.getText() === 'Record';
}

interface FileFacts {
  casts: number;
  valueCasts: number;
  longFunctions: string[];
  imports: string[];
  typeImports: string[];
  lines: number;
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const bare = base.replace(/\.js$/, '');
  candidates.push(`${bare}.ts`, `${bare}.tsx`);
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

function factsOf(path: string): FileFacts {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const facts: FileFacts = {
    casts: 0,
    valueCasts: 0,
    longFunctions: [],
    imports: [],
    typeImports: [],
    lines: text.split('\n').filter((line) => line.trim() !== '').length,
  };
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const isConst = ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const';
      if (!isConst) {
        facts.casts += 1;
        if (isValueCast(node.type)) facts.valueCasts += 1;
      }
    }
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = file.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > LONG_FUNCTION) {
        facts.longFunctions.push(`${relative(ROOT, path)}:${start + 1} (${end - start + 1} lines)`);
      }
    }
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly;
      const target = resolveImport(path, (node.moduleSpecifier as ts.StringLiteral).text);
      if (target) (typeOnly ? facts.typeImports : facts.imports).push(target);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return facts;
}

/** Files that sit on an import cycle: members of a strongly connected component larger than one. */
function filesInCircles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (node: string): void => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) circles.push(component);
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return circles;
}

const files = sourceFiles(SRC);
const facts = new Map(files.map((path) => [path, factsOf(path)]));
const circles = filesInCircles(new Map([...facts].map(([path, fact]) => [path, fact.imports])));
const typeCircles = filesInCircles(new Map([...facts].map(([path, fact]) => [path, [...fact.imports, ...fact.typeImports]])));
const isTest = (path: string): boolean => /\.test\.tsx?$|test-|-test-|test\.tsx?$/.test(path);
const sum = (pick: (fact: FileFacts) => number): number => [...facts.values()].reduce((total, fact) => total + pick(fact), 0);
const longFunctions = [...facts.values()].flatMap((fact) => fact.longFunctions);

const verbose = process.argv.includes('--verbose');
console.log(`files                      ${files.length}`);
console.log(`lines of code (non-blank)  ${sum((fact) => fact.lines)}`);
console.log(`as casts                   ${sum((fact) => fact.casts)}`);
console.log(`value casts                ${sum((fact) => fact.valueCasts)}`);
console.log(`value casts outside tests  ${[...facts].filter(([path]) => !isTest(path)).reduce((total, [, fact]) => total + fact.valueCasts, 0)}`);
const members = (found: string[][]): number => found.reduce((total, circle) => total + circle.length, 0);
console.log(`files in import circles    ${members(circles)} (${members(typeCircles)} counting type-only imports)`);
console.log(`functions over ${LONG_FUNCTION} lines    ${longFunctions.length}`);
if (verbose) {
  for (const circle of typeCircles) console.log(`circle: ${circle.map((path) => relative(ROOT, path)).join(' ')}`);
  for (const entry of longFunctions) console.log(`long: ${entry}`);
  for (const [path, fact] of facts) if (fact.valueCasts) console.log(`value casts: ${relative(ROOT, path)} ${fact.valueCasts}`);
}
