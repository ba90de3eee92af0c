/**
 * `npm test`: every stage CI runs, each timed, then the flaky browser tests (passed only when run
 * again) by name and one closing line, `N passed, N failed, N skipped`, over all of them. A check
 * (lint, types, the OpenAPI document, the assistant's tools page) counts as one test. Every stage runs even when one before it
 * failed, so one run reports everything; the exit code is 1 when anything failed. First, before any
 * stage, the programs the tests need beyond node_modules (scripts/system-packages.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureSystemPackages } from './system-packages';

const REPORTS = resolve('.data/test-reports');
const VITEST_REPORT = resolve(REPORTS, 'vitest.json');
const INFRA_REPORT = resolve(REPORTS, 'vitest-infra.json');
const E2E_REPORT = resolve(REPORTS, 'e2e.json');
/** The SPA the browser tests load, built beside the checks (the browser stage would otherwise build it first, alone). */
const E2E_WEB_DIST = resolve(process.env.E2E_WEB_DIST ?? 'web/dist');

interface Count {
  passed: number;
  failed: number;
  skipped: number;
  flaky: string[];
}

interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** The stage's own count of tests (null when its runner wrote none); a stage without one counts as one test. */
  count?: () => Count | null;
}

const CYCLE_CHECK = [
  '--no-warning',
  '--no-tree',
  '-T',
  '--exit-code',
  'circular:1',
  'web/src/main.tsx',
  'functions/**/*.ts',
  'local/**/*.ts',
  'infra/**/*.ts',
  'events/*.ts',
  'shared/*.ts',
  'scripts/*.ts',
];

/**
 * TypeScript 7, the compiler ported to native code: the four type-checks took 66 s of CPU with 5.9
 * and 23 s with it. It is installed beside 5.9 (as `typescript-native`), which typescript-eslint and
 * editors still load, so it is named by its path: both packages offer a `tsc` command.
 */
const TYPE_CHECKER = resolve('node_modules/typescript-native/bin/tsc');

const STAGES: Stage[][] = [
  // The checks, side by side on both cores. ESLint is the longest: one typed program for every file
  // (eslint.config.js). Four type-checks, each part with its own globals: Node (functions, local,
  // infra, scripts), the browser (web/src), the service worker and the tests. Beside them, the SPA
  // the browser tests load, so their stage starts its stack at once (E2E_WEB_BUILT).
  [
    { name: 'lint', command: ['eslint', '.', '--max-warnings', '0'] },
    { name: 'types', command: [TYPE_CHECKER, '--noEmit', '-p', 'tsconfig.json'] },
    { name: 'types web', command: [TYPE_CHECKER, '--noEmit', '-p', 'web/tsconfig.json'] },
    { name: 'types service worker', command: [TYPE_CHECKER, '--noEmit', '-p', 'web/service-worker/tsconfig.json'] },
    { name: 'types tests', command: [TYPE_CHECKER, '--noEmit', '-p', 'tests/tsconfig.json'] },
    { name: 'openapi', command: ['tsx', 'scripts/openapi.ts', '--check'] },
    { name: 'assistant tools', command: ['tsx', 'scripts/assistant-tools-doc.ts', '--check'] },
    // No import cycles among the modules (type-only imports aside), from every entry point.
    { name: 'cycles', command: ['dpdm', ...CYCLE_CHECK] },
    { name: 'format', command: ['prettier', '--check', '--log-level', 'warn', '.'] },
    { name: 'build web', command: ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], env: { WEB_DIST: E2E_WEB_DIST } },
    // The CDK tests, in one worker: each worker loads aws-cdk-lib and synthesizes the app once (tests/infra/tempo-app.ts),
    // so one worker took 40 s of CPU where vitest's three took 65 s. They need nothing the checks make.
    {
      name: 'vitest infra',
      command: ['vitest', 'run', '--project', 'infra', '--maxWorkers=1', '--reporter=default', '--reporter=json', `--outputFile.json=${INFRA_REPORT}`],
      count: () => vitestCount(INFRA_REPORT),
    },
  ],
  [
    {
      name: 'vitest',
      command: ['vitest', 'run', '--project', '!infra', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`],
      count: () => vitestCount(VITEST_REPORT),
    },
  ],
  [
    {
      name: 'browser',
      command: ['playwright', 'test'],
      env: { E2E_REPORT, E2E_WEB_DIST, E2E_WEB_BUILT: '1' },
      count: () => playwrightCount(E2E_REPORT),
    },
  ],
];

function run(stage: Stage): Promise<boolean> {
  return new Promise((done) => {
    const [command, ...args] = stage.command;
    const child = spawn(resolve('node_modules/.bin', command!), args, { stdio: 'inherit', env: { ...process.env, ...stage.env } });
    child.on('exit', (code) => done(code === 0));
    child.on('error', () => done(false));
  });
}

function vitestCount(file: string): Count | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests, flaky: [] };
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    file: string;
    tests: Array<{ projectName: string; status: 'expected' | 'unexpected' | 'flaky' | 'skipped'; results: Array<{ error?: { message?: string } }> }>;
  }>;
}

function playwrightCount(file: string): Count | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: PlaywrightSuite[] };
  const count: Count = { passed: 0, failed: 0, skipped: 0, flaky: [] };
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'skipped') count.skipped += 1;
        else if (test.status === 'unexpected') count.failed += 1;
        else count.passed += 1;
        if (test.status === 'flaky') count.flaky.push(`[${test.projectName}] ${spec.file} › ${spec.title}\n${firstError(test.results)}`);
      }
    }
    suite.suites?.forEach(visit);
  };
  report.suites.forEach(visit);
  return count;
}

/** The first failed try's message, its first lines indented: what a flaky test did wrong, without its colours. */
function firstError(results: Array<{ error?: { message?: string } }>): string {
  const message = results.find((result) => result.error)?.error?.message ?? '(no message)';
  return message
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .slice(0, 12)
    .map((line) => `      ${line}`)
    .join('\n');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** The stages' names in one column. */
const NAME_WIDTH = Math.max(...STAGES.flat().map((stage) => stage.name.length));

async function main(): Promise<number> {
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const started = Date.now();
  const total: Count = { passed: 0, failed: 0, skipped: 0, flaky: [] };
  const timings: string[] = [];
  for (const group of STAGES) {
    const groupStarted = Date.now();
    const outcomes = await Promise.all(
      group.map(async (stage) => {
        const stageStarted = Date.now();
        const ok = await run(stage);
        return { stage, ok, ms: Date.now() - stageStarted };
      }),
    );
    for (const { stage, ok, ms } of outcomes) {
      const count = stage.count?.() ?? { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, flaky: [] };
      // A stage that failed before its runner could count anything still counts as a failure.
      if (!ok && count.failed === 0) count.failed = 1;
      total.passed += count.passed;
      total.failed += count.failed;
      total.skipped += count.skipped;
      total.flaky.push(...count.flaky);
      timings.push(
        `  ${stage.name.padEnd(NAME_WIDTH)} ${seconds(ms).padStart(8)}  ${ok ? 'ok' : 'FAILED'}  (${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped)`,
      );
    }
    if (group.length > 1) timings.push(`  ${'(together'.padEnd(NAME_WIDTH)} ${seconds(Date.now() - groupStarted).padStart(8)})`);
  }
  console.log(`\nStages (${seconds(Date.now() - started)} in all):\n${timings.join('\n')}`);
  if (total.flaky.length > 0)
    console.log(`\nFlaky (failed, then passed when run again; each is a bug to fix):\n${total.flaky.map((name) => `  ${name}`).join('\n')}`);
  console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return total.failed === 0 ? 0 : 1;
}

process.exit(ensureSystemPackages() ? await main() : 1);
