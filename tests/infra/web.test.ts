import { Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../functions/platform/origin';
import { CALENDAR_FEED } from '../../shared/calendar-feed';
import { CHANGE_SOCKET_PATH } from '../../shared/constants';
import { builtSpa, logicalId, tempoApp } from './tempo-app';

/** Written out on purpose: every source the SPA may use is a reviewed change to this line. */
const EXPECTED_CSP =
  "default-src 'self'; " +
  "connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com wss://api.elevenlabs.io; " +
  "worker-src 'self' blob:; " +
  "script-src 'self' 'wasm-unsafe-eval'; " +
  "img-src 'self' data:; " +
  "style-src 'self' 'unsafe-inline'; " +
  "base-uri 'self'; " +
  "form-action 'self'; " +
  "frame-ancestors 'none'; " +
  "object-src 'none'";

const tempo = tempoApp();
const template = Template.fromStack(tempo.web);
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
const distribution = resources[logicalId(tempo.web.distribution)]!.Properties.DistributionConfig;
const apiBehavior = (distribution.CacheBehaviors as Array<Record<string, any>>).find((behavior) => behavior.PathPattern === '/api/*')!;
const originOf = (behavior: Record<string, any>) =>
  (distribution.Origins as Array<Record<string, any>>).find((origin) => origin.Id === behavior.TargetOriginId)!;
const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);

/** The one resource of a type, as [logical id, resource]. */
function onlyOf(type: string) {
  const found = ofType(type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

/** Runs the viewer-request function's own code on a request for `uri`. */
function fallbackUri(uri: string): string {
  const code = onlyOf('AWS::CloudFront::Function')[1].Properties.FunctionCode as string;
  const handler = new Function(`${code}; return handler;`)() as (event: unknown) => { uri: string };
  return handler({ request: { uri } }).uri;
}

describe('site bucket', () => {
  const siteBucket = originOf(distribution.DefaultCacheBehavior);

  it('is reached through CloudFront with origin access control, nothing else', () => {
    const [oacId] = onlyOf('AWS::CloudFront::OriginAccessControl');
    expect(siteBucket.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(siteBucket.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
  });

  it('blocks public access and refuses plain HTTP', () => {
    for (const [, bucket] of ofType('AWS::S3::Bucket')) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    for (const [, policy] of ofType('AWS::S3::BucketPolicy')) {
      expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('logs its access and the distribution’s to the log bucket', () => {
    expect(distribution.Logging).toMatchObject({ Prefix: 'cloudfront/' });
  });
});

describe('single-page app', () => {
  it('serves index.html at the root', () => {
    expect(distribution.DefaultRootObject).toBe('index.html');
  });

  it('answers client-side routes with index.html and leaves files alone', () => {
    expect(fallbackUri('/dashboard')).toBe('/index.html');
    expect(fallbackUri('/tasks/0b5e3a4e-2d5c-4c1e-9a53-0c2d0c2b2f61')).toBe('/index.html');
    expect(fallbackUri('/')).toBe('/index.html');
    expect(fallbackUri('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(fallbackUri('/favicon.ico')).toBe('/favicon.ico');
  });

  it('falls back on the bucket behavior only, so the API’s 403 and 404 answers reach the browser as they are', () => {
    const [functionId] = onlyOf('AWS::CloudFront::Function');
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
    expect(apiBehavior.FunctionAssociations).toBeUndefined();
    expect(distribution.CustomErrorResponses).toBeUndefined();
  });
});

describe('the /api/* behavior', () => {
  it('goes to the HTTP API over TLS 1.2', () => {
    const origin = originOf(apiBehavior);
    expect(JSON.stringify(origin.DomainName)).toContain('Tempo-dev-Api');
    expect(origin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
  });

  it('caches nothing, forwards every viewer header but Host, and allows every method', () => {
    expect(apiBehavior.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(apiBehavior.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect([...apiBehavior.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    expect(apiBehavior.ViewerProtocolPolicy).toBe('https-only');
  });
});

describe('the /mcp behavior', () => {
  const mcpBehavior = (distribution.CacheBehaviors as Array<Record<string, any>>).find((behavior) => behavior.PathPattern === '/mcp')!;

  it('sends an outside assistant’s requests to the HTTP API as the /api/* behavior does, its token among the headers', () => {
    expect(originOf(mcpBehavior).DomainName).toEqual(originOf(apiBehavior).DomainName);
    for (const setting of ['CachePolicyId', 'OriginRequestPolicyId', 'AllowedMethods', 'ViewerProtocolPolicy', 'ResponseHeadersPolicyId']) {
      expect(mcpBehavior[setting], setting).toEqual(apiBehavior[setting]);
    }
  });
});

describe('the calendar feed’s behavior', () => {
  const feedBehavior = (distribution.CacheBehaviors as Array<Record<string, any>>).find((behavior) => behavior.PathPattern === `${CALENDAR_FEED.pathPrefix}*`)!;

  it('keeps nothing at the edge, so a replaced or switched-off address stops answering at once', () => {
    expect(feedBehavior.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(ofType('AWS::CloudFront::CachePolicy')).toEqual([]);
  });

  it('passes If-None-Match on to the function, which answers an unchanged feed with a 304', () => {
    expect(feedBehavior.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect(originOf(feedBehavior).DomainName).toEqual(originOf(apiBehavior).DomainName);
    expect([...feedBehavior.AllowedMethods].sort()).toEqual(['GET', 'HEAD']);
  });
});

describe('the distribution’s addresses', () => {
  it('are IPv4 only, so every address the web ACL counts is an IPv4 one (WAF cannot count an IPv6 host by its /64)', () => {
    expect(distribution.IPV6Enabled).toBe(false);
  });
});

describe('the WebSocket behavior', () => {
  const socketBehavior = (distribution.CacheBehaviors as Array<Record<string, any>>).find((behavior) => behavior.PathPattern === CHANGE_SOCKET_PATH)!;

  it('goes to the WebSocket API’s stage of the same name over TLS 1.2, with the header the authorizer checks', () => {
    const origin = originOf(socketBehavior);
    expect(JSON.stringify(origin.DomainName)).toContain('Tempo-dev-Push');
    expect(origin.OriginPath).toBeUndefined();
    expect(origin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(origin.OriginCustomHeaders.map((header: { HeaderName: string }) => header.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
  });

  it('caches nothing and passes on the upgrade’s headers and the ticket in its query string', () => {
    expect(socketBehavior.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(socketBehavior.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect(socketBehavior.ViewerProtocolPolicy).toBe('https-only');
  });
});

describe('security headers', () => {
  const policyId = (distribution.DefaultCacheBehavior.ResponseHeadersPolicyId as { Ref: string }).Ref;
  const policyConfig = (id: string) => resources[id]!.Properties.ResponseHeadersPolicyConfig;
  const headers = policyConfig(policyId).SecurityHeadersConfig;
  const loginBehavior = (distribution.CacheBehaviors as Array<Record<string, any>>).find((behavior) => behavior.PathPattern === '/login')!;
  const loginPolicyId = (loginBehavior.ResponseHeadersPolicyId as { Ref: string }).Ref;

  it('apply to the SPA and the API alike', () => {
    expect(apiBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(policyConfig(policyId).CustomHeadersConfig).toBeUndefined();
  });

  it('ask search engines to leave /login out, with the same security headers and SPA fallback', () => {
    expect(policyConfig(loginPolicyId).CustomHeadersConfig).toEqual({ Items: [{ Header: 'X-Robots-Tag', Value: 'noindex', Override: true }] });
    expect(policyConfig(loginPolicyId).SecurityHeadersConfig).toEqual(headers);
    const { PathPattern, ResponseHeadersPolicyId, ...rest } = loginBehavior;
    const { ResponseHeadersPolicyId: defaultPolicy, ...defaultRest } = distribution.DefaultCacheBehavior;
    expect(rest).toEqual(defaultRest);
    expect([PathPattern, ResponseHeadersPolicyId, defaultPolicy]).toEqual(['/login', { Ref: loginPolicyId }, { Ref: policyId }]);
  });

  it('carry exactly the reviewed content security policy', () => {
    expect(headers.ContentSecurityPolicy).toEqual({ ContentSecurityPolicy: EXPECTED_CSP, Override: true });
  });

  it('let the browser reach the hosted UI’s token endpoint when Google sign-in is on', () => {
    const withGoogle = tempoApp({ googleClientId: 'client-id.apps.googleusercontent.com', siteUrl: 'https://tempo.example.com' });
    const [, googlePolicy] = Object.entries(Template.fromStack(withGoogle.web).toJSON().Resources as Record<string, any>).find(
      ([, resource]) => resource.Type === 'AWS::CloudFront::ResponseHeadersPolicy',
    )!;
    const csp = JSON.stringify(googlePolicy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy);
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/cognito-idp\.eu-west-1\.amazonaws\.com https:\/\/.*\.auth\.eu-west-1\.amazoncognito\.com wss:\/\/api\.elevenlabs\.io;/,
    );
  });

  it('carry HSTS, nosniff, frame DENY and a referrer policy', () => {
    expect(headers.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
  });
});

describe('stage options', () => {
  const withSpa = tempoApp({ webDist: builtSpa() });
  const uploads = Object.values(Template.fromStack(withSpa.web).findResources('Custom::CDKBucketDeployment'));

  const pagesUpload = uploads.find((upload) => upload.Properties.DistributionPaths)!;
  const assetsUpload = uploads.find((upload) => upload !== pagesUpload)!;

  it('uploads the SPA only when it has been built: the hashed assets cached for good and kept, then the pages, invalidating the cache', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    expect(uploads).toHaveLength(2);
    expect(assetsUpload.Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'assets/',
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(assetsUpload.Properties.DistributionPaths).toBeUndefined();
    expect(pagesUpload.Properties).toMatchObject({ DistributionPaths: ['/*'], Exclude: ['assets/*'], SystemMetadata: { 'cache-control': 'no-cache' } });
    expect(pagesUpload.DependsOn).toEqual(expect.arrayContaining([expect.stringMatching(/^UploadAssets/)]));
  });

  it('writes /config.json, /robots.txt and /sitemap.xml beside the SPA, with the user pool the SPA signs in to and the site’s address', () => {
    expect(pagesUpload.Properties.SourceObjectKeys).toHaveLength(4);
    const markers = JSON.stringify(pagesUpload.Properties.SourceMarkers);
    expect(markers).toContain(logicalId(withSpa.auth.userPool));
    expect(markers).toContain(logicalId(withSpa.auth.webClient));
    expect(markers).toContain(logicalId(withSpa.web.distribution));
    expect(withSpa.auth.webConfig).toMatchObject({ userPoolEndpoint: null, googleSignIn: null });
  });

  it('tells the SPA voice is on once an ElevenLabs agent is named', () => {
    expect(withSpa.web.webConfig).toMatchObject({ userPoolEndpoint: null, googleSignIn: null, voice: false });
    expect(tempoApp({ elevenLabsAgentId: 'agent_1' }).web.webConfig.voice).toBe(true);
  });

  it('serves a custom domain with its us-east-1 certificate over TLS 1.2 or later', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';
    const custom = Template.fromStack(tempoApp({ domainName: 'tempo.example.com', certificateArn }).web);
    custom.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['tempo.example.com'],
        ViewerCertificate: { AcmCertificateArn: certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      },
    });
  });
});
