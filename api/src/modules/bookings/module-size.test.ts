import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { API_ROOT } from '../../config';

// The booking wing stays readable (issue 29 §3, decision 109): no source file of bookings/ or
// booking-money/ over 400 lines, no function in them over 80. Tests are not counted (a suite's
// describe() is one long function by nature).

const FOLDERS = ['src/modules/bookings', 'src/modules/booking-money'];
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

function sourceFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    fs
      .readdirSync(path.join(API_ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => path.join(folder, name)),
  ).sort();
}

/** Every function in the file (declarations, methods, arrows) longer than the limit. */
function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      if (lines > MAX_FUNCTION_LINES) {
        const named =
          node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : null);
        const label = named ? named.getText(source) : 'a function';
        found.push(`${label} at line ${lineOf(node.getStart(source)) + 1}: ${lines} lines`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test(`booking source files have at most ${MAX_FILE_LINES} lines and functions at most ${MAX_FUNCTION_LINES}`, () => {
  const problems: string[] = [];
  const files = sourceFiles();
  assert.ok(files.includes('src/modules/bookings/create/service.ts'), 'the create is walked');
  const long = `const f = () => {\n${'  f();\n'.repeat(MAX_FUNCTION_LINES)}};\n`;
  assert.deepEqual(longFunctions('long.ts', long), [
    `f at line 1: ${MAX_FUNCTION_LINES + 2} lines`,
  ]);
  for (const file of files) {
    const text = fs.readFileSync(path.join(API_ROOT, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) problems.push(`${file}: ${lines} lines`);
    for (const long of longFunctions(file, text)) problems.push(`${file}: ${long}`);
  }
  assert.deepEqual(problems, [], 'split these');
});
