/**
 * Finds every message the host writes for a creator to read (the renderer translates them at
 * display time through the `host` catalog, renderer/src/i18n/host-text.ts). The host sources are
 * parsed with the TypeScript compiler and its checker (to follow a name to where it was given
 * its value, across files), and each text found becomes a template: the literal text, with every
 * `${expression}` written `{{name}}`.
 *
 * A message is the text in one of these places:
 * - the `message` argument of an error constructor or function (any whose declaration names a
 *   parameter `message`: `new GatewayFailure(code, message…)`, `coreError(code, message…)`,
 *   `new LibraryError(code, message)`), and `new Error(message)` (a low-level error's text can
 *   reach the screen wrapped: "The download could not start: too many redirects.");
 * - a `message:`, `error:` or `notice:` property (ErrorData, a task record's stored error, a
 *   zod `{ error }` / `{ message }` option, a native image result's notice), and an assignment to
 *   `.error` / `.message` / `.notice` or to a variable of that name;
 * - the message argument of a zod check: `.min(1, '…')`, `.regex(re, '…')`, `.refine(fn, '…')`…
 * Within those, the texts are followed through `a ? 'x' : 'y'`, `a ?? 'x'`, a constant or variable
 * (its value and every later assignment), a constant table read by key (`DISK_ERRORS[code]`) and
 * a zod error callback's result.
 *
 * Pieces: a `${…}` inside a message that is itself a text (`${why}`, `${said}`, `${cond ? 'in 3
 * s' : 'shortly'}`) is a placeholder in the message, and its texts are collected as fragments,
 * which the catalog translates on their own (host-text.ts translates a placeholder's value too).
 * A placeholder that is a function's parameter (`${what} could not be saved…`) collects the
 * texts passed for it at each call, as values. A piece that is a phrase needs an entry; a single
 * word ('shortly', a label such as 'Temperature', a wire name such as 'image_urls') may have one
 * but need not; and an entry may also be a message with such a value written in
 * (`'{{name}}' must be one of {{values}} for {{model}}`).
 *
 * What no collector can see: text the host passes through from elsewhere (the gateway's own
 * error wording, Node's and zod's own messages such as "Invalid input: expected string"); these
 * reach the screen in their own words, inside the host's templates where it wraps them.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(import.meta.dirname, '..');

/**
 * The host: its core, the browser shell, the desktop shell's IPC server (its refusals are
 * ErrorData), the shared contract and gateway schemas; and the renderer's own transport, whose
 * failures (host unreachable, signed out) reach the same display points as ErrorData.
 */
export const HOST_SOURCES = ['electron/core', 'browser-shell', 'electron/adapters/ipc.ts', 'shared', 'renderer/src/api'];

const BUILT_IN_ERRORS = new Set(['Error', 'TypeError', 'RangeError']);
const MESSAGE_KEYS = new Set(['message', 'error', 'notice']);
const ZOD_CHECKS = new Set(['min', 'max', 'length', 'regex', 'int', 'refine', 'superRefine', 'nonempty', 'gt', 'gte', 'lt', 'lte', 'positive', 'nonnegative', 'multipleOf', 'email', 'url', 'uuid']);

export type Kind = 'message' | 'fragment' | 'value';

export interface Found {
  template: string;
  kind: Kind;
  where: string;
}

export interface Collected {
  found: Found[];
  /** Messages with one parameter's placeholder replaced by a value passed for it (may be entries). */
  instances: Found[];
}

export function hostFiles(sources = HOST_SOURCES): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return e.name === 'test' || e.name === 'node_modules' ? [] : walk(path);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.d\.ts$|test-fixtures\.ts$/.test(e.name) ? [path] : [];
    });
  return sources.flatMap((s) => (s.endsWith('.ts') ? [join(ROOT, s)] : walk(join(ROOT, s)))).sort();
}

/** Letters outside the placeholders: something to translate. */
export const hasWords = (template: string) => /\p{L}{2,}/u.test(template.replace(/{{\s*\w+\s*}}/g, ''));

/** Placeholder names do not matter when comparing templates; surrounding spaces neither. */
export const normalise = (template: string) => template.replace(/{{\s*\w+\s*}}/g, '{{}}').trim();

interface Template {
  text: string;
  /** Per placeholder that is a function's parameter: the value templates passed for it. */
  params: { placeholder: string; values: string[] }[];
}

export function collectHostMessages(files = hostFiles()): Collected {
  const ours = new Set(files.map((f) => f.replace(/\\/g, '/')));
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2023, module: ts.ModuleKind.ESNext, jsx: ts.JsxEmit.ReactJSX, noEmit: true, noLib: true, types: [] };
  const host = ts.createCompilerHost(options, true);
  // Only the host's own files are read (names are followed between them); libraries are not
  // needed to find where a text comes from, and skipping them keeps this fast.
  host.resolveModuleNames = (names, containing) =>
    names.map((name) => {
      const file = join(dirname(containing), name).replace(/\\/g, '/').replace(/\.js$/, '.ts');
      return name.startsWith('.') && ours.has(file) ? { resolvedFileName: file, extension: ts.Extension.Ts } : undefined;
    });
  const program = ts.createProgram(files, options, host);
  const checker = program.getTypeChecker();
  const sources = program.getSourceFiles().filter((sf) => ours.has(sf.fileName));

  const resolve = (node: ts.Node): ts.Symbol | undefined => {
    let symbol = ts.isShorthandPropertyAssignment(node.parent) && node.parent.name === node
      ? checker.getShorthandAssignmentValueSymbol(node.parent)
      : checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol;
  };

  // Every assignment to a variable, and every call of a function, by the symbol they name.
  const assignments = new Map<ts.Symbol, ts.Expression[]>();
  const calls = new Map<ts.Symbol, ts.CallExpression[]>();
  const push = <T>(map: Map<ts.Symbol, T[]>, key: ts.Symbol | undefined, value: T) => {
    if (key) map.set(key, [...(map.get(key) ?? []), value]);
  };
  for (const sf of sources) {
    const index = (node: ts.Node): void => {
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left)) push(assignments, resolve(node.left), node.right);
      if (ts.isCallExpression(node)) push(calls, resolve(ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression), node);
      node.forEachChild(index);
    };
    index(sf);
  }

  const found: Found[] = [];
  const instances: Found[] = [];
  const seen = new Set<ts.Node>();
  const where = (node: ts.Node) => {
    const sf = node.getSourceFile();
    return `${relative(ROOT, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  };
  const add = (template: Template, kind: Kind, node: ts.Node) => {
    found.push({ template: template.text, kind, where: where(node) });
    for (const { placeholder, values } of template.params) {
      for (const value of values) instances.push({ template: template.text.replace(`{{${placeholder}}}`, value), kind, where: where(node) });
    }
  };

  /** The declaration a symbol's value comes from: a variable, or a function's parameter. */
  const declarationOf = (symbol: ts.Symbol | undefined) => symbol?.declarations?.find((d) => ts.isVariableDeclaration(d) || ts.isParameter(d));

  /** The values a function's parameter is given at its calls. */
  function argumentsFor(param: ts.ParameterDeclaration): ts.Expression[] {
    const fn = param.parent;
    const index = fn.parameters.indexOf(param);
    const name = ts.isFunctionDeclaration(fn) ? fn.name : (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(fn.parent) ? fn.parent.name : undefined;
    const symbol = name && resolve(name);
    return (symbol ? calls.get(symbol) ?? [] : []).map((c) => c.arguments[index]).filter((a): a is ts.Expression => a !== undefined);
  }

  /** The texts an expression can evaluate to, as templates. */
  function texts(expr: ts.Expression | undefined, kind: Kind, out: (t: Template, node: ts.Node) => void): void {
    if (!expr || seen.has(expr)) return;
    seen.add(expr);
    try {
      if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) out({ text: expr.text, params: [] }, expr);
      else if (ts.isTemplateExpression(expr)) out(template(expr), expr);
      else if (ts.isConditionalExpression(expr)) [expr.whenTrue, expr.whenFalse].forEach((e) => texts(e, kind, out));
      else if (ts.isBinaryExpression(expr)) {
        const op = expr.operatorToken.kind;
        if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) [expr.left, expr.right].forEach((e) => texts(e, kind, out));
        else if (op === ts.SyntaxKind.AmpersandAmpersandToken) texts(expr.right, kind, out);
      } else if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr) || ts.isNonNullExpression(expr)) texts(expr.expression, kind, out);
      else if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) {
        if (!ts.isBlock(expr.body)) texts(expr.body, kind, out);
        else {
          const returns = (n: ts.Node): void => {
            if (ts.isReturnStatement(n)) texts(n.expression, kind, out);
            else if (!ts.isFunctionLike(n)) n.forEachChild(returns);
          };
          expr.body.forEachChild(returns);
        }
      } else if (ts.isIdentifier(expr)) {
        const symbol = resolve(expr);
        const decl = declarationOf(symbol);
        if (decl && ts.isVariableDeclaration(decl)) {
          texts(decl.initializer, kind, out);
          for (const value of assignments.get(symbol!) ?? []) texts(value, kind, out);
        }
      } else if (ts.isElementAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
        // A constant table read by key: any of its texts.
        const decl = declarationOf(resolve(expr.expression));
        let table = decl && ts.isVariableDeclaration(decl) ? decl.initializer : undefined;
        while (table && (ts.isAsExpression(table) || ts.isSatisfiesExpression(table) || ts.isParenthesizedExpression(table))) table = table.expression;
        if (table && ts.isObjectLiteralExpression(table)) {
          for (const p of table.properties) if (ts.isPropertyAssignment(p)) texts(p.initializer, kind, out);
        }
      }
    } finally {
      seen.delete(expr);
    }
  }

  /** A template literal as `{{name}}` text; its `${…}` that are texts are collected as pieces. */
  function template(expr: ts.TemplateExpression): Template {
    let text = expr.head.text;
    const params: Template['params'] = [];
    const used = new Map<string, number>();
    for (const span of expr.templateSpans) {
      const e = span.expression;
      let name = ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : 'value';
      const n = (used.get(name) ?? 0) + 1;
      used.set(name, n);
      if (n > 1) name = `${name}${n}`;
      text += `{{${name}}}${span.literal.text}`;
      const decl = ts.isIdentifier(e) ? declarationOf(resolve(e)) : undefined;
      if (decl && ts.isParameter(decl)) {
        const values: string[] = [];
        for (const arg of argumentsFor(decl)) {
          texts(arg, 'value', (t, node) => {
            values.push(t.text);
            add(t, 'value', node);
          });
        }
        params.push({ placeholder: name, values });
      } else if (!ts.isPropertyAccessExpression(e) && !ts.isCallExpression(e)) {
        texts(e, 'fragment', (t, node) => add(t, 'fragment', node));
      }
    }
    return { text, params };
  }

  const message = (expr: ts.Expression | undefined) => texts(expr, 'message', (t, node) => add(t, 'message', node));

  /** Parameters of what a call or `new` invokes, when it is declared in the host. */
  function parametersOf(callee: ts.Expression): readonly ts.ParameterDeclaration[] {
    const symbol = resolve(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
    for (const d of symbol?.declarations ?? []) {
      if (!ours.has(d.getSourceFile().fileName)) continue;
      if (ts.isClassDeclaration(d)) {
        const ctor = d.members.find(ts.isConstructorDeclaration);
        if (ctor) return ctor.parameters;
      }
      if (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d)) return d.parameters;
      if (ts.isVariableDeclaration(d) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) return d.initializer.parameters;
    }
    return [];
  }

  for (const sf of sources) {
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
        const args = node.arguments ?? [];
        if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && BUILT_IN_ERRORS.has(node.expression.text)) message(args[0]);
        parametersOf(node.expression).forEach((p, i) => {
          if (ts.isIdentifier(p.name) && p.name.text === 'message') message(args[i]);
        });
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ZOD_CHECKS.has(node.expression.name.text)) {
          for (const a of args) if (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a) || ts.isTemplateExpression(a)) message(a);
        }
      }
      if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && ts.isIdentifier(node.name) && MESSAGE_KEYS.has(node.name.text)) {
        message(ts.isPropertyAssignment(node) ? node.initializer : node.name);
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const target = ts.isPropertyAccessExpression(node.left) ? node.left.name : ts.isIdentifier(node.left) ? node.left : undefined;
        if (target && MESSAGE_KEYS.has(target.text)) message(node.right);
      }
      node.forEachChild(visit);
    };
    visit(sf);
  }
  return { found, instances };
}
