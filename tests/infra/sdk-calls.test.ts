import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { COGNITO_TRIGGERS, type CognitoTrigger } from '../../functions/auth/triggers';
import { HANDLERS } from '../../functions/routes';
import { BUS_RULES } from '../../events/rules';
import { REMINDER_SCHEDULES, SCHEDULES, WEBHOOK_RETRY_SCHEDULES } from '../../events/schedules';
import { API_AUTHORIZER_ACCESS, eventTargetAccess, HANDLER_ACCESS, TRIGGER_ACCESS, type Access } from '../../infra/access';
import { functionEntry, REPO_ROOT } from '../../infra/paths';

/*
 * iam.test.ts checks that the synthesized policies are exactly the access entries of
 * infra/access.ts; this checks the entries against the code. Without it, a call the entry forgot
 * shows only as AccessDenied in AWS, since the local stack checks no permissions.
 *
 * It reads the sources with the TypeScript parser (no type checker, no synth)
 * rather than regexes, because it must tell type imports from value imports and see which
 * top-level function uses which name. From each function's `handler` it follows the top-level
 * functions and constants that the reached code names, across relative imports: a module
 * exporting ten data-access functions adds only the calls of the ones the function can reach.
 * Code outside a function at the top level of a module (an `await loadSecrets(...)`, a
 * `const x = f()`) runs whenever the module is imported, so it counts for every importer.
 * Names are matched without scopes, so a local that shadows a top-level name only makes the
 * analysis see more than runs, never less.
 */

/** One thing the code needs, named after the Access field that grants it: `table.GetItem`, `indexes.byList`, `publishes`... */
type Need = string;

/**
 * What each SDK command needs, counted where reached code names it (to construct it). Importing a
 * command missing here fails the test, so a new kind of call is mapped before it ships.
 */
const SDK_COMMANDS: Record<string, Record<string, readonly Need[]>> = {
  '@aws-sdk/lib-dynamodb': {
    GetCommand: ['table.GetItem'],
    PutCommand: ['table.PutItem'],
    UpdateCommand: ['table.UpdateItem'],
    DeleteCommand: ['table.DeleteItem'],
    // The table or the index it queries is read off its key condition (keyConditionNeed).
    QueryCommand: [],
  },
  '@aws-sdk/client-eventbridge': { PutEventsCommand: ['publishes'] },
  '@aws-sdk/client-cognito-identity-provider': {
    AdminCreateUserCommand: ['userPool', 'userPool.AdminCreateUser'],
    AdminDeleteUserCommand: ['userPool', 'userPool.AdminDeleteUser'],
    AdminGetUserCommand: ['userPool', 'userPool.AdminGetUser'],
    AdminSetUserPasswordCommand: ['userPool', 'userPool.AdminSetUserPassword'],
    AdminUserGlobalSignOutCommand: ['userPool', 'userPool.AdminUserGlobalSignOut'],
    ListUsersCommand: ['userPool', 'userPool.ListUsers'],
    // A public call: it needs the pool's client id (a userPool entry), not a permission.
    ConfirmSignUpCommand: ['userPool'],
  },
  '@aws-sdk/client-sesv2': { SendEmailCommand: ['sendsMail'] },
  // Which group's schedules is read off the group the code names (ONE_TIME_SCHEDULES).
  '@aws-sdk/client-scheduler': { CreateScheduleCommand: [], DeleteScheduleCommand: [] },
  '@aws-sdk/client-apigatewaymanagementapi': { PostToConnectionCommand: ['postsToSockets'], DeleteConnectionCommand: ['closesSockets'] },
  // Which secrets it reads is read off the loadSecrets calls (SECRETS).
  '@aws-sdk/client-secrets-manager': { GetSecretValueCommand: [] },
  '@aws-sdk/client-dynamodb': {},
  // Powertools Idempotency keeps its records in the table: it reads, puts, updates and deletes them.
  '@aws-lambda-powertools/idempotency/dynamodb': { DynamoDBPersistenceLayer: ['table.GetItem', 'table.PutItem', 'table.UpdateItem', 'table.DeleteItem'] },
};

/** Clients send the commands above; exceptions are only compared against. Neither needs anything. */
const NEEDS_NOTHING = /(Client|Exception)$/;

/** The secrets functions/platform/secrets.ts `loadSecrets` reads, by the entry field that grants them. */
const SECRETS: Record<string, Need> = {
  GOOGLE_CLIENT_SECRET: 'callsGoogle',
  // Google's tokens and webhooks' secrets; calling Google grants it too (grantsOf).
  TOKEN_ENCRYPTION_KEY: 'sealsSecrets',
  ELEVENLABS_API_KEY: 'callsElevenLabs',
  WEB_PUSH_VAPID: 'sendsWebPush',
  // Every function reports its errors (infra/access.ts grantAccess).
  SENTRY_DSN: 'reportsErrors',
};

/** The groups of one-time schedules (events/schedules.ts), by the entry field that lets a function put theirs. */
const ONE_TIME_SCHEDULES: Record<string, Need> = { REMINDER_SCHEDULES: 'schedulesReminders', WEBHOOK_RETRY_SCHEDULES: 'schedulesWebhookRetries' };

/** Environment variables that only an entry sets, for the one field no SDK call shows. */
const ENVIRONMENT: Record<string, Need> = { APP_ORIGIN: 'linksToSite' };

interface Module {
  file: string;
  /** Top-level functions and classes (or constants holding a function): they run when named. */
  lazy: Map<string, ts.Node>;
  /** Everything else at the top level: it runs when the module is imported. */
  eager: ts.Node[];
  /** Every top-level name, to check that imports find what they import. */
  declared: Set<string>;
  /** Local names bound to another module's export. */
  imports: Map<string, { file: string; name: string }>;
  /** Local names bound to an SDK command, client or exception, with what they need. */
  sdk: Map<string, readonly Need[]>;
  /** Exported names that are another local name (`export { a as b }`) or another module's export. */
  exports: Map<string, { file: string; name: string }>;
  /** The modules importing this one imports (and so runs), type-only imports aside. */
  loads: string[];
}

const modules = new Map<string, Module>();

function moduleAt(file: string): Module {
  let module = modules.get(file);
  if (!module) {
    module = parse(file);
    modules.set(file, module);
  }
  return module;
}

/** A relative specifier's file: the repo imports `./x` for x.ts (or x/index.ts). */
function resolveImport(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const file = [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
  if (!file) throw new Error(`${where(from)}: cannot resolve '${specifier}'`);
  return file;
}

const where = (file: string, node?: ts.Node) =>
  relative(REPO_ROOT, file) + (node ? `:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}` : '');

const isFunction = (node: ts.Expression | undefined) => !!node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));

function parse(file: string): Module {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const module: Module = { file, lazy: new Map(), eager: [], declared: new Set(), imports: new Map(), sdk: new Map(), exports: new Map(), loads: [] };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) addImport(module, statement);
    else if (ts.isExportDeclaration(statement)) addExports(module, statement);
    else if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
    else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      module.lazy.set(statement.name.text, statement);
      module.declared.add(statement.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        for (const name of boundNames(declaration.name)) module.declared.add(name);
        if (ts.isIdentifier(declaration.name) && isFunction(declaration.initializer)) module.lazy.set(declaration.name.text, declaration);
        else module.eager.push(declaration);
      }
    } else {
      if (ts.isEnumDeclaration(statement)) module.declared.add(statement.name.text);
      module.eager.push(statement);
    }
  }
  return module;
}

function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isBindingElement(element) ? boundNames(element.name) : []));
}

function addImport(module: Module, statement: ts.ImportDeclaration): void {
  const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
  const clause = statement.importClause;
  if (clause?.isTypeOnly) return;
  const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.filter((element) => !element.isTypeOnly) : [];
  const unsupported = clause?.name || (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings));
  if (specifier.startsWith('.')) {
    const file = resolveImport(module.file, specifier);
    if (unsupported) throw new Error(`${where(module.file, statement)}: the analysis follows named imports only`);
    module.loads.push(file);
    for (const element of named) module.imports.set(element.name.text, { file, name: (element.propertyName ?? element.name).text });
  } else if (specifier.startsWith('@aws-sdk/') || Object.hasOwn(SDK_COMMANDS, specifier)) {
    if (unsupported) throw new Error(`${where(module.file, statement)}: import SDK commands by name`);
    for (const element of named) {
      const name = (element.propertyName ?? element.name).text;
      const needs = NEEDS_NOTHING.test(name) ? [] : SDK_COMMANDS[specifier]?.[name];
      if (!needs) throw new Error(`${where(module.file, statement)}: ${specifier} ${name} is not in SDK_COMMANDS; say what it needs there`);
      module.sdk.set(element.name.text, needs);
    }
  }
}

function addExports(module: Module, statement: ts.ExportDeclaration): void {
  if (statement.isTypeOnly) return;
  const file = statement.moduleSpecifier ? resolveImport(module.file, (statement.moduleSpecifier as ts.StringLiteral).text) : module.file;
  if (file !== module.file) module.loads.push(file);
  if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
    throw new Error(`${where(module.file, statement)}: the analysis follows named exports only`);
  }
  for (const element of statement.exportClause.elements) {
    if (!element.isTypeOnly) module.exports.set(element.name.text, { file, name: (element.propertyName ?? element.name).text });
  }
}

/** Everything a function's code can need, each with where it comes from. */
function needsOf(entry: string): Map<Need, Set<string>> {
  const needs = new Map<Need, Set<string>>();
  const loaded = new Set<string>();
  const reached = new Set<string>();
  const need = (what: Need, module: Module, node: ts.Node) => {
    if (!needs.has(what)) needs.set(what, new Set());
    needs.get(what)!.add(where(module.file, node));
  };

  const load = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const module = moduleAt(file);
    for (const imported of module.loads) load(imported);
    for (const node of module.eager) walk(module, node);
  };

  const reach = (file: string, name: string) => {
    const module = moduleAt(file);
    const exported = module.exports.get(name);
    if (exported && (exported.file !== file || exported.name !== name)) return reach(exported.file, exported.name);
    const imported = module.imports.get(name);
    if (imported) return reach(imported.file, imported.name);
    if (!module.declared.has(name)) throw new Error(`${where(file)} declares no '${name}'`);
    const key = `${file}#${name}`;
    if (reached.has(key)) return;
    reached.add(key);
    const node = module.lazy.get(name);
    if (node) walk(module, node);
  };

  const walk = (module: Module, node: ts.Node): void => {
    if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isIdentifier(node) && isReference(node)) {
      const name = node.text;
      if (module.lazy.has(name)) reach(module.file, name);
      const imported = module.imports.get(name);
      if (imported) reach(imported.file, imported.name);
      for (const what of module.sdk.get(name) ?? []) need(what, module, node);
      if (imported && ONE_TIME_SCHEDULES[imported.name]) need(ONE_TIME_SCHEDULES[imported.name]!, module, node);
    }
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || node.expression.getText() === 'require') &&
      !isPackageLoad(node)
    ) {
      fail(module, node, 'the analysis follows static imports only, and packages loaded on demand that are not an AWS SDK');
    }
    if (ts.isObjectLiteralExpression(node)) {
      const keyCondition = keyConditionNeed(module, node);
      if (keyCondition) need(keyCondition, module, node);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'loadSecrets') {
      for (const secret of secretNames(module, node)) need(SECRETS[secret] ?? fail(module, node, `secret ${secret} is not in SECRETS`), module, node);
    }
    if (ts.isPropertyAccessExpression(node) && node.expression.getText() === 'process.env' && ENVIRONMENT[node.name.text]) {
      need(ENVIRONMENT[node.name.text]!, module, node);
    }
    ts.forEachChild(node, (child) => walk(module, child));
  };

  load(entry);
  reach(entry, 'handler');
  return needs;
}

/** A package loaded when first needed (the error-reporting SDK, only with a DSN): one that calls no AWS API, so nothing to grant. */
function isPackageLoad(call: ts.CallExpression): boolean {
  const [specifier] = call.arguments;
  return (
    call.expression.kind === ts.SyntaxKind.ImportKeyword &&
    !!specifier &&
    ts.isStringLiteral(specifier) &&
    !specifier.text.startsWith('.') &&
    !specifier.text.startsWith('@aws-sdk/') &&
    !Object.hasOwn(SDK_COMMANDS, specifier.text)
  );
}

/** `x.name` and `{ name: x }` do not use a top-level `name`; shorthand `{ name }` does. */
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  return !((ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node));
}

/**
 * Every Query names its key condition in an object literal, passed straight to QueryCommand or
 * to a helper that spreads it in (items/repository.ts queryAll): with an IndexName it queries
 * that index, else the table.
 */
function keyConditionNeed(module: Module, node: ts.ObjectLiteralExpression): Need | undefined {
  const property = (name: string) =>
    node.properties.find((candidate) => ts.isPropertyAssignment(candidate) && candidate.name.getText() === name) as ts.PropertyAssignment | undefined;
  if (!property('KeyConditionExpression')) return undefined;
  const index = property('IndexName')?.initializer;
  if (!index) return 'table.Query';
  if (!ts.isStringLiteral(index)) return fail(module, node, 'the analysis reads an IndexName only as a string literal');
  return `indexes.${index.text}`;
}

function secretNames(module: Module, call: ts.CallExpression): string[] {
  const [names] = call.arguments;
  if (!names || !ts.isArrayLiteralExpression(names) || !names.elements.every(ts.isStringLiteral)) {
    return fail(module, call, 'the analysis reads loadSecrets names only from an array of string literals');
  }
  return names.elements.map((name) => (name as ts.StringLiteral).text);
}

function fail(module: Module, node: ts.Node, message: string): never {
  throw new Error(`${where(module.file, node)}: ${message}`);
}

/** An access entry in the same words as the needs. */
function grantsOf(access: Access): Set<Need> {
  return new Set([
    ...(access.table ?? []).map((action) => `table.${action}`),
    ...(access.indexes ?? []).map((index) => `indexes.${index}`),
    ...(access.userPool ? ['userPool', ...access.userPool.map((action) => `userPool.${action}`)] : []),
    ...(
      [
        'publishes',
        'sendsMail',
        'linksToSite',
        'callsGoogle',
        'callsElevenLabs',
        'sendsWebPush',
        'schedulesReminders',
        'schedulesWebhookRetries',
        'sealsSecrets',
      ] as const
    ).filter((flag) => access[flag]),
    // Calling Google reads the token key that seals its tokens (infra/access.ts callGoogle).
    ...(access.callsGoogle ? ['sealsSecrets'] : []),
    'reportsErrors',
  ]);
}

/** Every function of the app, its source as the stacks resolve it, and its access entry. */
type Case = [string, string, Access];
const FUNCTIONS: Case[] = [
  // infra/stacks/api-stack.ts: one function per handler name, at functions/<name>/handler.ts.
  ...HANDLERS.map((name): Case => [`handler ${name}`, `${name}/handler`, HANDLER_ACCESS[name]]),
  ['API authorizer', 'access-tokens/authorizer', API_AUTHORIZER_ACCESS],
  ...(Object.entries(COGNITO_TRIGGERS) as Array<[CognitoTrigger, string]>).map(([trigger, source]): Case => [
    `trigger ${trigger}`,
    source,
    TRIGGER_ACCESS[trigger],
  ]),
  ...BUS_RULES.map((rule): Case => [`consumer of ${rule.name}`, rule.target, eventTargetAccess(rule.target)]),
  ...SCHEDULES.map((schedule): Case => [`schedule ${schedule.name}`, schedule.target, eventTargetAccess(schedule.target)]),
  ...[REMINDER_SCHEDULES, WEBHOOK_RETRY_SCHEDULES].map(({ group, target }): Case => [`one-time schedules of ${group}`, target, eventTargetAccess(target)]),
];

describe('function access entries against the code', () => {
  it.each(FUNCTIONS)('%s: its entry grants every call its code can make', (_name, source, access) => {
    const granted = grantsOf(access);
    const missing = [...needsOf(functionEntry(source))].filter(([what]) => !granted.has(what)).map(([what, from]) => `${what} (${[...from].join(', ')})`);
    expect(missing, 'needed by the code but not in its entry in infra/access.ts').toEqual([]);
  });

  /*
   * The other way round, only field by field (table, indexes, publishes...): action by action an
   * entry may grant more than one function uses, as the three Google Calendar functions share
   * one. This also shows the analysis is not blind to a kind of call the entries grant.
   */
  it.each(FUNCTIONS)('%s: its code uses every kind of access its entry grants', (_name, source, access) => {
    const fieldOf = (what: Need) => what.split('.')[0]!;
    const used = new Set([...needsOf(functionEntry(source)).keys()].map(fieldOf));
    const granted = new Set([...grantsOf(access)].map(fieldOf));
    expect(
      [...granted].filter((field) => !used.has(field)),
      'granted in infra/access.ts but never used by the code',
    ).toEqual([]);
  });
});
