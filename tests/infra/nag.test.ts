import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { builtSpa, tempoApp } from './tempo-app';

interface Report {
  pluginReports: Array<{
    pluginName: string;
    violations: Array<{ ruleName: string; severity: string; violatingConstructs: Array<{ constructPath: string }> }>;
  }>;
}

/** Every option on in dev; in prod only the SPA upload, in stacks that know neither account nor region. */
const APPS: Array<[string, () => App]> = [
  [
    'dev with every option',
    () =>
      tempoApp({
        webDist: builtSpa(),
        senderEmail: 'tempo@example.com',
        googleClientId: 'client-id.apps.googleusercontent.com',
        domainName: 'tempo.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
        apiDomainName: 'api.tempo.example.com',
        apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/00000000-0000-0000-0000-000000000001',
        socketDomainName: 'sockets.tempo.example.com',
      }).app,
  ],
  ['prod, environment-agnostic', () => tempoApp({ stage: 'prod', webDist: builtSpa() }, null).app],
];

/** AwsSolutions findings left after acknowledgements, as "rule at path" lines. */
function unacknowledged(app: App): string[] {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const assembly = app.synth();
  const report = JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8')) as Report;
  return report.pluginReports
    .filter((plugin) => plugin.pluginName.startsWith('AwsSolutions'))
    .flatMap((plugin) => plugin.violations)
    .flatMap((violation) => violation.violatingConstructs.map((found) => `${violation.severity} ${violation.ruleName} at ${found.constructPath}`));
}

function acknowledgements(root: IConstruct): Array<{ id: string; reason: string; path: string }> {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
      .map(([id, reason]) => ({ id, reason, path: construct.node.path })),
  );
}

describe.each(APPS)('cdk-nag AwsSolutions, %s', (_name, build) => {
  const app = build();

  it('leaves no finding, error or warning, unacknowledged', () => {
    expect(unacknowledged(app)).toEqual([]);
  });

  it('acknowledges each finding with a reason of its own', () => {
    const acknowledged = acknowledgements(app);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { id, reason, path } of acknowledged) expect(reason.length, `${id} at ${path}`).toBeGreaterThanOrEqual(50);
  });
});
