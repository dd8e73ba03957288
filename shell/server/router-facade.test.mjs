// `node --test shell/server/`: the site shares React Router's library API under the name
// react-router-dom (federation-react-router.mjs, decision 075). Every name any app imports from
// react-router-dom must be in it, or that import is `undefined` in the production builds.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import ts from 'typescript';
import * as facade from '../../federation-react-router.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCE_DIRS = [
  'shell',
  'mfe-marketplace',
  'mfe-booking',
  'mfe-account',
  'mfe-miniview',
  'shared-ui',
  'shared-api',
].map((dir) => path.join(root, dir, 'src'));

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.tsx?$/.test(entry.name)) yield file;
  }
}

/** Names imported as values (not `type`) from react-router-dom, by file. */
function routerImports(file) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const names = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    if (statement.moduleSpecifier?.text !== 'react-router-dom') continue;
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : statement;
    if (!clause || clause.isTypeOnly) continue;
    const bindings = ts.isImportDeclaration(statement)
      ? clause.namedBindings
      : statement.exportClause;
    if (!bindings || !('elements' in bindings)) {
      names.push('*'); // a namespace import or export * takes everything: not allowed
      continue;
    }
    for (const element of bindings.elements) {
      if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
    }
  }
  return names;
}

describe('the shared react-router-dom', () => {
  it('exports every name the apps import from react-router-dom', () => {
    const missing = [];
    let checked = 0;
    for (const dir of SOURCE_DIRS) {
      for (const file of sourceFiles(dir)) {
        for (const name of routerImports(file)) {
          checked += 1;
          if (!(name in facade)) missing.push(`${path.relative(root, file)}: ${name}`);
        }
      }
    }
    assert.ok(checked > 50, `found only ${checked} imports of react-router-dom`);
    assert.deepEqual(missing, []);
  });

  it('is React Router itself, not a copy', async () => {
    const dom = await import('react-router-dom');
    for (const name of ['Link', 'useNavigate', 'useRoutes', 'unstable_HistoryRouter']) {
      assert.equal(facade[name], dom[name], name);
    }
  });

  it('leaves the data routers out: no page uses them and they double its size (decision 094)', () => {
    for (const name of ['createBrowserRouter', 'RouterProvider', 'useFetcher', 'Form']) {
      assert.equal(name in facade, false, name);
    }
  });
});
