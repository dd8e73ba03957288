import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { RESERVED_PATH_SEGMENTS } from '@guestspot/shared-api/reserved-paths';
import { remoteNames, type RemoteName } from '../federation/remotes';
import { shellPaths, type RouteLists } from './ownership';

// Every in-app link goes somewhere (issue 29 §5, decision 108): each link target written in the
// source of the shell, shared-ui and the remotes must be a path that some app publishes, and a
// written-out first segment a page's own, never the profile catch-all. Like the breakpoints test
// (shared-ui/src/tokens), it reads every package's files, so a new file or a new remote is
// checked without a change here.

const root = join(__dirname, '..', '..', '..');

/** A remote's folder: mfe_booking → mfe-booking (the shell's routeSnapshot names the same files). */
const remoteDir = (remote: RemoteName) => remote.replace(/_/g, '-');

/**
 * The patterns each remote's build writes to routes.json, read by the build's own code
 * (`webpack.federation.cjs --route-patterns`, decision 070), from the routes.tsx it builds.
 */
function publishedLists(): RouteLists {
  const files = remoteNames.map((remote) => join(root, remoteDir(remote), 'src', 'routes.tsx'));
  const output = execFileSync(
    process.execPath,
    [join(root, 'webpack.federation.cjs'), '--route-patterns', ...files],
    // The e2e build's one extra route is not the site's.
    { encoding: 'utf8', env: { ...process.env, GUESTSPOT_E2E_EXTRA_ROUTE: '' } },
  );
  const lists = JSON.parse(output) as { patterns: string[] }[];
  return Object.fromEntries(remoteNames.map((remote, i) => [remote, lists[i]?.patterns ?? []]));
}

// ---------------------------------------------------------------------------------------------
// Link targets in the source: `to=` and `href=` (Link, NavLink, ButtonLink, Navigate, <a>),
// `navigate(…)`, and `to:` / `href:` in tables. A target is what a string or template literal
// says, following a constant, an object's property or a function's returns (in the file, or
// imported from another file of the project) so that `to={PRO_SUBSCRIPTION_PATH}` or
// `to={counterpartPath(booking)}` is checked where it is used; what the code only knows at run
// time (`${booking.id}`) becomes a placeholder that may be any value the route allows there.

/** A part of a template that is only known at run time. */
const DYNAMIC = '\u0000';
/** How many paths one link may stand for before its parts count as run-time values. */
const MAX_VARIANTS = 16;

interface LinkTarget {
  /** file:line, relative to the repository */
  at: string;
  /** the target as written, `${…}` for what is known at run time */
  target: string;
  /** the link is a JSX attribute or navigate(): a relative target there is a link too */
  inJsx: boolean;
}

const sources = new Map<string, ts.SourceFile | null>();
function sourceFile(file: string, text?: string): ts.SourceFile | null {
  if (text !== undefined || !sources.has(file)) {
    const content = text ?? (existsSync(file) ? readFileSync(file, 'utf8') : null);
    sources.set(
      file,
      content === null
        ? null
        : ts.createSourceFile(file, content, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX),
    );
  }
  return sources.get(file) ?? null;
}

/** The file an import names: relative, or a workspace package by its package.json exports. */
function resolveModule(from: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else {
    const match = /^@guestspot\/([^/]+)(?:\/(.+))?$/.exec(specifier);
    const dir = match && join(root, match[1] ?? '');
    if (!dir || !existsSync(join(dir, 'package.json'))) return null;
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      main?: string;
      exports?: Record<string, string>;
    };
    const entry = match[2]
      ? manifest.exports?.[`./${match[2]}`]
      : (manifest.exports?.['.'] ?? manifest.main);
    base = entry ? join(dir, entry) : null;
  }
  if (!base) return null;
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file)) ?? null;
}

type Declared = ts.Expression | ts.FunctionLikeDeclaration;

const isConst = (statement: ts.VariableStatement) =>
  (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;

/** Whether a declaration's name (`id`, `{ id }`, `[id]`) binds `name`. */
const binds = (binding: ts.BindingName, name: string): boolean =>
  ts.isIdentifier(binding)
    ? binding.text === name
    : binding.elements.some(
        (element) => !ts.isOmittedExpression(element) && binds(element.name, name),
      );

/**
 * A name's declaration among `statements`: a const's initialiser, a function, or an import;
 * null when the name is declared there but only known at run time (a `let`, a destructured
 * const), undefined when it is not declared there.
 */
function declaredIn(
  statements: readonly ts.Statement[],
  name: string,
  depth: number,
): Declared | null | undefined {
  for (const statement of statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!binds(declaration.name, name)) continue;
        const plain = isConst(statement) && ts.isIdentifier(declaration.name);
        return plain ? (declaration.initializer ?? null) : null;
      }
    } else if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) {
      return statement;
    } else if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const element = bindings.elements.find((item) => item.name.text === name);
      if (!element) continue;
      const file = resolveModule(
        statement.getSourceFile().fileName,
        statement.moduleSpecifier.text,
      );
      return file ? exported(file, (element.propertyName ?? element.name).text, depth + 1) : null;
    }
  }
  return undefined;
}

/** What a module exports as `name`, following re-exports. */
function exported(file: string, name: string, depth: number): Declared | null {
  const source = depth < 8 ? sourceFile(file) : null;
  if (!source) return null;
  const own = declaredIn(source.statements, name, depth);
  if (own !== undefined) return own;
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const target =
      statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
        ? resolveModule(file, statement.moduleSpecifier.text)
        : null;
    const clause = statement.exportClause;
    if (!clause && target) {
      const found = exported(target, name, depth + 1);
      if (found) return found;
    } else if (clause && ts.isNamedExports(clause)) {
      const element = clause.elements.find((item) => item.name.text === name);
      const original = (element?.propertyName ?? element?.name)?.text;
      if (!original) continue;
      return target
        ? exported(target, original, depth + 1)
        : (declaredIn(source.statements, original, depth) ?? null);
    }
  }
  return null;
}

/** A name as the code at `node` sees it: the nearest block's declaration, else the file's. */
function resolveName(node: ts.Node, name: string, depth: number): Declared | null {
  for (let scope: ts.Node | undefined = node.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope) && scope.parameters.some((p) => binds(p.name, name))) {
      return null; // a parameter: known at run time only
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isModuleBlock(scope)) {
      const found = declaredIn(scope.statements, name, depth);
      if (found !== undefined) return found;
    }
  }
  return null;
}

const unwrap = (expression: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(expression) ||
  ts.isAsExpression(expression) ||
  ts.isSatisfiesExpression(expression) ||
  ts.isNonNullExpression(expression)
    ? unwrap(expression.expression)
    : expression;

/** What a property access or a name refers to, as a declaration. */
function reference(expression: ts.Expression, depth: number): Declared | null {
  const node = unwrap(expression);
  if (depth > 12) return null;
  if (ts.isIdentifier(node)) return resolveName(node, node.text, depth + 1);
  if (ts.isPropertyAccessExpression(node)) {
    const owner = reference(node.expression, depth + 1);
    const object = owner && !ts.isFunctionLike(owner) ? unwrap(owner) : null;
    if (!object || !ts.isObjectLiteralExpression(object)) return null;
    for (const property of object.properties) {
      if (property.name?.getText() !== node.name.text) continue;
      if (ts.isPropertyAssignment(property)) return property.initializer;
      if (ts.isMethodDeclaration(property)) return property;
    }
  }
  return null;
}

/** The values a function returns (nested functions aside). */
function returns(fn: ts.FunctionLikeDeclaration, depth: number): string[] | null {
  if (!fn.body) return null;
  if (!ts.isBlock(fn.body)) return evaluate(fn.body, depth + 1);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) {
      found.push(...(evaluate(node.expression, depth + 1) ?? []));
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return found.length ? found : null;
}

/** The strings an expression can be; null when it is only known at run time. */
function evaluate(expression: ts.Expression, depth = 0): string[] | null {
  const node = unwrap(expression);
  if (depth > 12) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    let values = [node.head.text];
    for (const span of node.templateSpans) {
      const parts = evaluate(span.expression, depth + 1) ?? [DYNAMIC];
      const next = values.flatMap((value) => parts.map((part) => value + part));
      values = (next.length <= MAX_VARIANTS ? next : values.map((value) => value + DYNAMIC)).map(
        (value) => value + span.literal.text,
      );
    }
    return values;
  }
  if (ts.isConditionalExpression(node)) return either(node.whenTrue, node.whenFalse, depth);
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (
      operator === ts.SyntaxKind.QuestionQuestionToken ||
      operator === ts.SyntaxKind.BarBarToken
    ) {
      return either(node.left, node.right, depth);
    }
    if (operator === ts.SyntaxKind.PlusToken) {
      const left = evaluate(node.left, depth + 1) ?? [DYNAMIC];
      const right = evaluate(node.right, depth + 1) ?? [DYNAMIC];
      const values = left.flatMap((a) => right.map((b) => a + b));
      return values.every((value) => value === DYNAMIC + DYNAMIC) ? null : values;
    }
    return null;
  }
  if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
    const declared = reference(node, depth + 1);
    if (!declared) return null;
    return ts.isFunctionLike(declared) ? null : evaluate(declared, depth + 1);
  }
  if (ts.isCallExpression(node)) {
    const callee = reference(node.expression, depth + 1);
    const fn = callee && !ts.isFunctionLike(callee) ? unwrap(callee) : callee;
    if (fn && ts.isFunctionLike(fn)) return returns(fn as ts.FunctionLikeDeclaration, depth + 1);
  }
  return null;
}

function either(a: ts.Expression, b: ts.Expression, depth: number): string[] | null {
  const values = [...(evaluate(a, depth + 1) ?? []), ...(evaluate(b, depth + 1) ?? [])];
  return values.length ? values : null;
}

const LINK_NAMES = new Set(['to', 'href']);

/** Every link target written in one file. */
function linkTargets(file: string, text?: string): LinkTarget[] {
  const source = sourceFile(file, text);
  if (!source) return [];
  const found: LinkTarget[] = [];
  const add = (site: ts.Node, value: ts.Expression | undefined, inJsx: boolean) => {
    if (!value) return;
    const { line } = source.getLineAndCharacterOfPosition(site.getStart());
    for (const target of evaluate(value) ?? []) {
      found.push({ at: `${relative(root, file)}:${line + 1}`, target, inJsx });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && LINK_NAMES.has(node.name.getText())) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) add(node, value, true);
      else if (value && ts.isJsxExpression(value)) add(node, value.expression, true);
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'navigate'
    ) {
      add(node, node.arguments[0], true);
    } else if (ts.isPropertyAssignment(node) && LINK_NAMES.has(node.name.getText())) {
      add(node, node.initializer, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Whether a target is one of the site's pages to check: not another site (http:, https:,
 * mailto:, tel:, //host), not a place on the same page (#…, ?…), not the API (/api/…), not a
 * path only known at run time (a placeholder first). A `to:` or `href:` of a table counts only
 * when it is a path (a `to: '17:00'` is a time).
 */
function isInApp({ target, inJsx }: LinkTarget): boolean {
  if (target === '' || target.startsWith(DYNAMIC)) return false;
  if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) return false;
  if (target.startsWith('#') || target.startsWith('?')) return false;
  if (/^\/api(\/|$|\?|#)/.test(target)) return false;
  return inJsx || target.startsWith('/');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether one segment of a target fits a segment of a pattern: a parameter takes any value; a
 * written-out segment must be the pattern's own (routes match without regard to case); a
 * segment with run-time parts fits whatever they could make it (`${…}s` fits `guests`).
 */
function fits(pattern: string, segment: string): boolean {
  if (pattern.startsWith(':')) return segment !== '';
  const parts = segment.split(DYNAMIC).map(escapeRegExp);
  return new RegExp(`^${parts.join('.*')}$`, 'i').test(pattern);
}

/**
 * Whether a published pattern takes a path. A written-out first segment is a page of the site,
 * never a profile's slug: it must be a pattern's own first segment, not the catch-all
 * `/:guestId` (which is what the shell's ranking does for the reserved ones, decision 108).
 */
function takes(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  const splat = want.at(-1) === '*';
  if (splat) want.pop();
  if (splat ? got.length < want.length : got.length !== want.length) return false;
  const first = got[0];
  if (first !== undefined && !first.includes(DYNAMIC) && /^[:*]/.test(want[0] ?? '*')) {
    return false;
  }
  return want.every((segment, i) => fits(segment, got[i] ?? ''));
}

/** The targets among `links` that no published route takes, as `file:line  target`. */
function deadLinks(links: LinkTarget[], lists: RouteLists): string[] {
  const patterns = [...shellPaths, ...Object.values(lists).flat()];
  return links
    .filter(isInApp)
    .filter(({ target }) => {
      const path = target.split(/[?#]/)[0] ?? '';
      return !path.startsWith('/') || !patterns.some((pattern) => takes(pattern, path));
    })
    .map(({ at, target }) => `${at}  ${target.split(DYNAMIC).join('${…}')}`);
}

/** Every source file of a package's src/ that ships: not tests, stories or type declarations. */
function shippedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return shippedFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories|d)\.tsx?$/.test(entry.name)
      ? [path]
      : [];
  });
}

/**
 * Links that wait for their page on purpose: the shell's navigation shows an item only while
 * some app publishes its path (layout/nav-links.tsx), so that Messages and Payments appear by
 * themselves when a remote ships them. Each entry must still be written there and still wait:
 * once its page is published, remove it here.
 */
const SHOWN_ONCE_PUBLISHED: string[] = [
  // Empty since mfe-booking published /payments (issue 33, decision 119): the sub-nav's Payments
  // and the dashboard balance card's link (DashboardWidgetProps.isPublished) now show.
];

/** `file:line  target` without the line. */
const withoutLine = (dead: string) => dead.replace(/:\d+ {2}/, '  ');

/** The packages whose pages render links: the shell, the design system and every remote. */
const linkingPackages = ['shell', 'shared-ui', ...remoteNames.map(remoteDir)];

// ---------------------------------------------------------------------------------------------

const published = publishedLists();
const links = linkingPackages
  .flatMap((name) => shippedFiles(join(root, name, 'src')))
  .flatMap((file) => linkTargets(file));

describe('every in-app link goes somewhere', () => {
  it('reads the links of every package, literal or built', () => {
    const targets = new Set(links.map((link) => link.target.split(DYNAMIC).join('${…}')));
    // A literal, a template, a constant, a table's `to:`, a function's returns, navigate().
    for (const target of [
      '/pages/faq',
      '/user-miniviews/${…}/answers',
      '/settings#pro-subscription',
      '/terms-and-conditions',
      '/guests/${…}',
      '/shows/${…}',
      '/booking/success?booking=${…}',
      '/details/guest',
    ]) {
      expect([target, targets.has(target)]).toEqual([target, true]);
    }
    expect(links.length).toBeGreaterThan(100);
  });

  it('finds a link to a page no app publishes, wherever it is written', () => {
    const file = join(root, 'shell', 'src', 'planted.tsx');
    const planted = linkTargets(
      file,
      [
        "const NOTICES = '/notifications';",
        'const notice = (id: number) => `/notifications/${id}`;',
        'export function Planted({ id }: { id: number }) {',
        '  const navigate = useNavigate();',
        "  const items = [{ to: '/payments/receipts', label: 'Receipts' }, { from: '09:00', to: '17:00' }];",
        '  return (<>',
        '    <Link to="/nowhere-yet">Soon</Link>',
        '    <ButtonLink to={`/bookings/${id}`}>View</ButtonLink> <Link to="/messages">Inbox</Link>',
        '    <Navigate to={NOTICES} replace />',
        "    <a href={notice(id)} onClick={() => navigate('/browse')}>Notice</a>",
        '    <a href="https://example.com/">Out</a> <a href="mailto:a@b.c">Mail</a>',
        '    <a href="#main">Skip</a> <a href={`/api/v1/download/${id}`}>File</a>',
        '    <Link to="/guests/jane-doe?tab=reviews#top">Jane</Link> <Link to={`/${id}`}>Slug</Link>',
        '  </>);',
        '}',
      ].join('\n'),
    );
    expect(deadLinks(planted, published)).toEqual([
      'shell/src/planted.tsx:5  /payments/receipts',
      'shell/src/planted.tsx:7  /nowhere-yet',
      // line 8: mfe-booking publishes /bookings/:bookingId (decision 111) and /messages (issue 31)
      'shell/src/planted.tsx:9  /notifications',
      'shell/src/planted.tsx:10  /notifications/${…}',
    ]);
  });

  it('every link of the shell, shared-ui and the remotes is to a page some app publishes', () => {
    // To link to a page still to come, publish it first (its remote's routes.tsx), or show the
    // link only while it is published (the shell's navigation does: layout/nav-links.tsx).
    const dead = deadLinks(links, published);
    expect(dead.filter((link) => !SHOWN_ONCE_PUBLISHED.includes(withoutLine(link)))).toEqual([]);
    // A link that no longer waits (published, or gone) leaves the list above.
    expect(SHOWN_ONCE_PUBLISHED.filter((link) => !dead.map(withoutLine).includes(link))).toEqual(
      [],
    );
  });
});

describe('the reserved first segments (reserved-paths, decision 108)', () => {
  it('hold the first segment of every route any app publishes, so that no profile slug takes one', () => {
    const firstSegments = [...shellPaths, ...Object.values(published).flat()]
      .map((pattern) => pattern.split('/')[1] ?? '')
      .filter((segment) => segment !== '' && !/^[:*]/.test(segment));
    const reserved = new Set<string>(RESERVED_PATH_SEGMENTS);
    expect([...new Set(firstSegments.filter((segment) => !reserved.has(segment)))]).toEqual([]);
    expect(firstSegments).toContain('bookings');
  });

  it("hold the spec's pages still to come", () => {
    for (const page of [
      'messages',
      'payments',
      'notifications',
      'bookings',
      'settings',
      'dashboard',
      'details',
      'login',
      'register',
      'browse',
    ]) {
      expect(RESERVED_PATH_SEGMENTS).toContain(page);
    }
  });
});
