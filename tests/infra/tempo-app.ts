import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, type Environment } from 'aws-cdk-lib';
import { afterAll } from 'vitest';
import type { CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { REPO_ROOT } from '../../infra/paths';
import { createTempo } from '../../infra/tempo';

/** The feature flags cdk.json gives `cdk synth`, so the tests synthesize what a deploy would. */
const CDK_CONTEXT = (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

export const TEST_ENV = { account: '123456789012', region: 'eu-west-1' } as const;

/** A folder that never exists, so no test depends on whether someone built web/dist. */
export const NO_WEB_DIST = join(REPO_ROOT, 'tests', 'infra', 'no-web-dist');

/**
 * A stand-in for `npm run build:web`'s output, for the tests of the upload. Made while a describe
 * block is collected, and removed after it (the infra files share this module: isolate is off).
 */
export function builtSpa(): string {
  const dist = mkdtempSync(join(tmpdir(), 'tempo-web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Tempo</title>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-0a1b2c3d.js'), '');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  return dist;
}

/**
 * The whole app for one set of context values, with bundling skipped (the functions' code is
 * not what these tests look at). `env: null` gives environment-agnostic stacks. The app without
 * context of its own is made once per worker and shared by the files that ask for it (isolate is
 * off): making and synthesizing it takes seconds, and no test changes an app it reads.
 */
export function tempoApp(context?: Record<string, unknown>, env: Environment | null = TEST_ENV) {
  if (context === undefined && env === TEST_ENV) return (defaultApp ??= makeTempoApp({}, TEST_ENV));
  return makeTempoApp(context ?? {}, env);
}

let defaultApp: ReturnType<typeof makeTempoApp> | undefined;

function makeTempoApp(context: Record<string, unknown>, env: Environment | null) {
  const app = new App({
    context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [], webDist: NO_WEB_DIST, ...context },
  });
  return { app, ...createTempo(app, env ?? undefined) };
}

/** The logical id CloudFormation knows a construct's resource by. */
export function logicalId(construct: IConstruct): string {
  const resource = construct.node.defaultChild ?? construct;
  return Stack.of(construct).getLogicalId(resource as CfnElement);
}
