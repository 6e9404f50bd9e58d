/**
 * Which Electron APIs the app's desktop code uses, derived from the code itself with the
 * TypeScript checker (docs/desktop-harness.md, "Coverage"): every member whose declaration is in
 * Electron's own type definitions (`App.getPath`, `WebContents.send`…), every value imported from
 * `electron`, and every event name the code listens for on an Electron object. The coverage test
 * holds the emulation to this list, so it cannot silently fall behind the app.
 */
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';

export interface ElectronUsage {
  /** `Interface.member`, as Electron's types declare it. */
  members: Set<string>;
  /** Values imported from 'electron' (`app`, `BrowserWindow`…). */
  imports: Set<string>;
  /** `Interface#event` for every `on` / `once` with a literal event name. */
  events: Set<string>;
}

const ELECTRON_TYPES = `${sep}node_modules${sep}electron${sep}electron.d.ts`;

/** The desktop code: the composition root, the preload and the adapters (tests aside). */
export function desktopSources(root = process.cwd()): string[] {
  const adapters = join(root, 'electron', 'adapters');
  return [
    join(root, 'electron', 'main.ts'),
    join(root, 'electron', 'preload.ts'),
    ...readdirSync(adapters).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(adapters, f)),
  ];
}

function ownerName(decl: ts.Declaration): string | undefined {
  let node: ts.Node | undefined = decl.parent;
  while (node && !ts.isInterfaceDeclaration(node) && !ts.isClassDeclaration(node) && !ts.isModuleDeclaration(node) && !ts.isTypeLiteralNode(node)) node = node.parent;
  if (node && (ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node) || ts.isModuleDeclaration(node))) return node.name?.getText();
  return undefined;
}

export function electronUsage(files = desktopSources()): ElectronUsage {
  const config = ts.getParsedCommandLineOfConfigFile(join(process.cwd(), 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const usage: ElectronUsage = { members: new Set(), imports: new Set(), events: new Set() };
  const isElectronDecl = (d: ts.Node) => d.getSourceFile().fileName.replaceAll('/', sep).endsWith(ELECTRON_TYPES);
  const fromElectron = (symbol: ts.Symbol | undefined) => {
    const target = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return (target?.declarations ?? []).filter(isElectronDecl);
  };
  for (const file of files.map((f) => program.getSourceFile(f)!)) {
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text === 'electron' && !node.importClause?.isTypeOnly) {
        const bindings = node.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) if (!el.isTypeOnly) usage.imports.add((el.propertyName ?? el.name).text);
      }
      if (ts.isPropertyAccessExpression(node)) {
        for (const decl of fromElectron(checker.getSymbolAtLocation(node.name))) {
          const owner = ownerName(decl);
          if (owner) usage.members.add(`${owner}.${node.name.text}`);
        }
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['on', 'once', 'addListener'].includes(node.expression.name.text)) {
        const [first] = node.arguments;
        // The overload the call resolves to names the event's owner (`App`, `WebContents`…).
        const resolved = checker.getResolvedSignature(node)?.getDeclaration();
        const decls = resolved && isElectronDecl(resolved) ? [resolved] : fromElectron(checker.getSymbolAtLocation(node.expression.name));
        const owner = decls.length ? ownerName(decls[0]) : undefined;
        if (owner && first && ts.isStringLiteralLike(first)) usage.events.add(`${owner}#${first.text}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return usage;
}
