import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import noLiteralText from './scripts/lint/no-literal-text.js';

const NO_SCAN = { group: ['@aws-sdk/*'], importNames: ['ScanCommand'], message: 'Every read is a Query or Get on a key.' };
const BROWSER_ONLY = {
  group: ['**/functions/**', '**/local/**', '**/infra/**', '**/tests/**', '**/bench/**', '**/scripts/**', '@aws-sdk/*'],
  message: 'The web app imports only web/src and shared/; it reaches the server through the API.',
};

const LAMBDA_ONLY = {
  group: ['**/web/**', '**/local/**', '**/infra/**', '**/tests/**', '**/bench/**', '**/scripts/**'],
  message: 'A Lambda imports only functions/ and shared/.',
};
const REPOSITORIES_ONLY = {
  group: ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'],
  message: 'Only repositories (repository.ts, <what>.repository.ts) talk to DynamoDB.',
};
const REPOSITORY_HELPERS_ONLY = {
  group: ['**/platform/dynamo'],
  importNames: ['db', 'tableName', 'queryItems', 'queryPages'],
  message: 'Only repositories (repository.ts, <what>.repository.ts) talk to DynamoDB.',
};
/** platform/'s stores (quota, idempotency, sessions) are a layer every capability uses. */
const OWN_REPOSITORIES_ONLY = {
  group: ['../*/repository', '../*/*.repository', '!../platform/*', '../../*/repository', '../../*/*.repository', '!../../platform/*'],
  message: "A capability's repositories are its own: use its service or entry module (functions/<capability>/…).",
};
/** scripts/, bench/ and tests/ are leaves: they import the product, never the other way round. */
const NO_ENTRY_POINTS = {
  group: ['**/scripts/**', '**/bench/**', '**/tests/**'],
  message: 'The product imports nothing of scripts/, bench/ or tests/: move what both need into the product.',
};
const NO_FOCUSED_TESTS = { selector: "CallExpression[callee.property.name='only']", message: 'Focused tests silence the rest of the suite.' };
const SHARED_NO_IO = { group: ['node:*', '@aws-sdk/*', '../functions/*', '../local/*', '../web/*'], message: 'shared/ holds no I/O.' };

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', 'web/dist/', '.data/', 'coverage/', 'docs/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', NO_FOCUSED_TESTS],
      'no-restricted-imports': ['error', { patterns: [NO_SCAN] }],
    },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/support/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_FOCUSED_TESTS,
        {
          selector: "CallExpression[callee.property.name='install'][callee.object.property.name='clock']",
          message: 'Install a page clock with installPageClock (tests/e2e/support/clock.ts), which keeps Sentry on the page’s timers.',
        },
      ],
    },
  },
  {
    // A promise is awaited, returned or marked `void`; never handed where a plain value is expected.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        // One program types every file (the service worker, with its own globals, aside): a program per
        // tsconfig, as the project service builds, cost ESLint some 50 s of CPU more. The type-checks
        // (npm run typecheck) hold each part to its own globals; these rules only ask whether a value is a promise.
        project: ['./tsconfig.eslint.json', './web/service-worker/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Hooks called in the same order on every render, with the dependencies their effects read.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Every text a person reads comes from the language catalogues, which hold them all.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/i18n/{en,es,fr,de}/**'],
    plugins: { i18n: { rules: { 'no-literal-text': noLiteralText } } },
    rules: { 'i18n/no-literal-text': 'error' },
  },
  {
    // French typography puts a no-break space before « : ; ? ! » and inside guillemets.
    files: ['web/src/i18n/fr/**'],
    rules: { 'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipComments: true }] },
  },
  {
    // Tests read JSON answers loosely; the assertions are the types there.
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The browser's code reaches the server only through the API, and imports only the shared domain.
    files: ['web/src/**/*.{ts,tsx}', 'web/build/shims/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [BROWSER_ONLY] }] },
  },
  {
    // The web app flows shared → features → app: a feature does not import another feature.
    files: ['web/src/features/*/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            BROWSER_ONLY,
            { group: ['../../*/**', '!../../../**'], message: 'A feature does not import another feature; compose them in web/src/app.' },
          ],
        },
      ],
    },
  },
  {
    // components/ui shows what it is given; reading and writing data is for components/items and the features.
    files: ['web/src/components/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            BROWSER_ONLY,
            {
              group: ['**/lib/items', '**/lib/google-calendar', 'swr'],
              message: 'components/ui fetches nothing: put a data-aware widget in components/items.',
            },
          ],
        },
      ],
    },
  },
  {
    // The Lambdas run alone in AWS: nothing of the web app, the local stack or the CDK app goes with them;
    // and only repositories (repository.ts, <what>.repository.ts) talk to DynamoDB.
    files: ['functions/**/*.ts'],
    ignores: ['functions/**/*repository.ts', 'functions/platform/dynamo.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SCAN, LAMBDA_ONLY, REPOSITORIES_ONLY, REPOSITORY_HELPERS_ONLY, OWN_REPOSITORIES_ONLY] }] },
  },
  {
    files: ['functions/**/*repository.ts', 'functions/platform/dynamo.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SCAN, LAMBDA_ONLY, OWN_REPOSITORIES_ONLY] }] },
  },
  {
    // The shared domain is imported by the browser and by Lambdas: it does no I/O.
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_NO_IO] }] },
  },
  {
    // The rules the first screens import stay apart from the schemas (<entity>.schema.ts), so those screens load no zod.
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [SHARED_NO_IO], paths: [{ name: 'zod', message: 'Schemas go in <entity>.schema.ts; the rules the first screens import load no zod.' }] },
      ],
    },
  },
  {
    // The local stack, the CDK app and the event catalogue import nothing of the entry points.
    files: ['local/**/*.ts', 'infra/**/*.ts', 'events/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SCAN, NO_ENTRY_POINTS] }] },
  },
);
