import { Template } from 'aws-cdk-lib/assertions';
import { OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { describe, expect, it } from 'vitest';
import { logicalId, tempoApp } from './tempo-app';

/** The reviewed connect-src without error reporting (tests/infra/web.test.ts holds the whole policy). */
const CONNECT_SRC = "connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com wss://api.elevenlabs.io";
const DSN = 'https://0123abcd@o42.ingest.example.io/7';

/** The content security policy every page and API answer carries, as the distribution's headers policy holds it. */
function cspOf(tempo: ReturnType<typeof tempoApp>): string {
  const policies = Object.values(Template.fromStack(tempo.web).findResources('AWS::CloudFront::ResponseHeadersPolicy'));
  const csps = new Set(
    policies.map((policy) => policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy as string),
  );
  expect(csps.size, 'one policy for every behavior').toBe(1);
  return [...csps][0]!;
}

const connectSrc = (csp: string) => csp.split('; ').find((directive) => directive.startsWith('connect-src '));

describe('the error-reporting DSN of the functions', () => {
  const tempo = tempoApp();
  const secrets = Template.fromStack(tempo.secrets);

  it('is a secret of the secrets stack, set by hand after the first deploy', () => {
    const secret = secrets.toJSON().Resources[logicalId(tempo.secrets.sentryDsn)];
    expect(secret.Type).toBe('AWS::SecretsManager::Secret');
    expect(secret.Properties.Name).toBe('tempo-dev-sentry-dsn');
    expect(secret.Properties.Description).toMatch(/error-reporting DSN.*set by hand, see docs\/deploy\.md/);
  });

  it('goes with the release and the stage: context sentryRelease, else tempo@<stage>', () => {
    const released = tempoApp({ stage: 'prod', sentryRelease: 'tempo@1.4.2' });
    const environment = Template.fromStack(released.api).toJSON().Resources[logicalId(released.api.handlers.get('items')!.function)].Properties.Environment
      .Variables as Record<string, unknown>;
    expect([environment.SENTRY_RELEASE, environment.SENTRY_ENVIRONMENT]).toEqual(['tempo@1.4.2', 'prod']);
  });
});

describe('the SPA’s error reporting', () => {
  it('is off without a sentryDsn: /config.json says null and the policy allows no reporting origin', () => {
    const tempo = tempoApp();
    expect(tempo.web.webConfig.errorReporting).toBeNull();
    expect(connectSrc(cspOf(tempo))).toBe(CONNECT_SRC);
  });

  it('with a sentryDsn, names it, the release and the stage in /config.json, and the policy allows exactly its origin', () => {
    const tempo = tempoApp({ sentryDsn: DSN });
    expect(tempo.web.webConfig.errorReporting).toEqual({ dsn: DSN, release: 'tempo@dev', environment: 'dev' });
    expect(connectSrc(cspOf(tempo))).toBe(`${CONNECT_SRC} https://o42.ingest.example.io`);
  });

  it('refuses a sentryDsn that is no DSN', () => {
    expect(() => tempoApp({ sentryDsn: 'https://o42.ingest.example.io/7' })).toThrow(/not a DSN/);
  });
});

describe('the trace headers of a browser’s request', () => {
  const tempo = tempoApp();

  it('reach the functions: the API is on the site’s own origin (no CORS to pass), and CloudFront forwards every viewer header', () => {
    const api = Template.fromStack(tempo.api).toJSON().Resources[logicalId(tempo.api.api)];
    expect(api.Properties.CorsConfiguration).toBeUndefined();
    const distribution = Object.values(Template.fromStack(tempo.web).findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    const apiBehavior = (distribution.CacheBehaviors as Array<Record<string, unknown>>).find((behavior) => behavior.PathPattern === '/api/*')!;
    // Every header the browser sends, sentry-trace and baggage among them.
    expect(apiBehavior.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
  });
});
