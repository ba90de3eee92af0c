import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { HANDLERS, routes, type Route } from '../../functions/routes';
import { SOCKET_API } from '../../functions/push/socket-api';
import { ORIGIN_VERIFY_HEADER } from '../../functions/platform/origin';
import { CLIENT_RATE_LIMITS } from '../../shared/constants';
import { logicalId, tempoApp } from './tempo-app';

const tempo = tempoApp();
const acls = Object.entries(Template.fromStack(tempo.edge!).findResources('AWS::WAFv2::WebACL'));
const [aclId, acl] = acls[0]!;
const rule = (name: string) => (acl.Properties.Rules as Array<{ Name: string } & Record<string, any>>).find((found) => found.Name === name)!;
const WINDOW_SECONDS = CLIENT_RATE_LIMITS.windowMs / 1000;
const API_PATHS = {
  ByteMatchStatement: {
    FieldToMatch: { UriPath: {} },
    PositionalConstraint: 'STARTS_WITH',
    SearchString: '/api/',
    TextTransformations: [{ Priority: 0, Type: 'NONE' }],
  },
};

describe('the edge web ACL (CloudFront)', () => {
  it('is one CLOUDFRONT-scope web ACL in us-east-1, on the distribution of the stage’s own region', () => {
    expect(acls).toHaveLength(1);
    expect(tempo.edge!.region).toBe('us-east-1');
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    const distribution = Template.fromStack(tempo.web).toJSON().Resources[logicalId(tempo.web.distribution)].Properties.DistributionConfig;
    expect(JSON.stringify(distribution.WebACLId)).toContain(aclId);
  });

  it('refuses with API Gateway’s own 429 body, so the SPA reads it as a throttle', () => {
    expect(acl.Properties.CustomResponseBodies).toEqual({ TooManyRequests: { ContentType: 'APPLICATION_JSON', Content: '{"message":"Too Many Requests"}' } });
    for (const found of acl.Properties.Rules) {
      expect(found.Action, found.Name).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } });
    }
  });

  it('applies the per-client limits of shared/constants.ts: the address’s ceiling, requests without a token by address, a person by token', () => {
    expect(rule('per-address').Statement).toEqual({
      RateBasedStatement: { AggregateKeyType: 'IP', Limit: CLIENT_RATE_LIMITS.perAddress, EvaluationWindowSec: WINDOW_SECONDS },
    });
    expect(rule('anonymous-per-address').Statement).toEqual({
      RateBasedStatement: {
        AggregateKeyType: 'IP',
        Limit: CLIENT_RATE_LIMITS.anonymousPerAddress,
        EvaluationWindowSec: WINDOW_SECONDS,
        ScopeDownStatement: {
          AndStatement: {
            Statements: [
              API_PATHS,
              {
                NotStatement: {
                  Statement: {
                    SizeConstraintStatement: {
                      FieldToMatch: { SingleHeader: { Name: 'authorization' } },
                      ComparisonOperator: 'GT',
                      Size: 0,
                      TextTransformations: [{ Priority: 0, Type: 'NONE' }],
                    },
                  },
                },
              },
            ],
          },
        },
      },
    });
    expect(rule('per-person').Statement).toEqual({
      RateBasedStatement: {
        AggregateKeyType: 'CUSTOM_KEYS',
        CustomKeys: [{ Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
        Limit: CLIENT_RATE_LIMITS.perPerson,
        EvaluationWindowSec: WINDOW_SECONDS,
        ScopeDownStatement: API_PATHS,
      },
    });
  });

  it('counts every request to a public route by address alone, whatever headers come with it, matched on the path as API Gateway routes it', () => {
    const publicPaths = [...new Set((routes as readonly Route[]).filter((route) => route.public).map((route) => route.path))];
    expect(publicPaths).toEqual(
      expect.arrayContaining(['/api/auth/reset-code', '/api/auth/reset-password', '/api/auth/verify-email', '/api/demo', '/ical/{token}']),
    );
    const found = rule('public-routes-per-address');
    expect(found.Statement).toEqual({
      RateBasedStatement: {
        AggregateKeyType: 'IP',
        Limit: CLIENT_RATE_LIMITS.publicRoutesPerAddress,
        EvaluationWindowSec: WINDOW_SECONDS,
        ScopeDownStatement: {
          OrStatement: {
            // The calendar feed's address holds its token: every /ical/ path counts.
            Statements: publicPaths.map((path) => ({
              ByteMatchStatement: {
                FieldToMatch: { UriPath: {} },
                PositionalConstraint: path === '/ical/{token}' ? 'STARTS_WITH' : 'EXACTLY',
                SearchString: path === '/ical/{token}' ? '/ical/' : path,
                TextTransformations: [
                  { Priority: 0, Type: 'URL_DECODE' },
                  { Priority: 1, Type: 'NORMALIZE_PATH' },
                ],
              },
            })),
          },
        },
      },
    });
    // No header takes a request out of this count: a made-up Authorization header among them.
    expect(JSON.stringify(found.Statement)).not.toMatch(/Header/i);
    const priorities = (acl.Properties.Rules as Array<{ Priority: number }>).map((each) => each.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });

  it('is left out of an environment-agnostic synth, whose distribution then has none', () => {
    const agnostic = tempoApp({}, null);
    expect(agnostic.edge).toBeUndefined();
    const distribution = Template.fromStack(agnostic.web).toJSON().Resources[logicalId(agnostic.web.distribution)].Properties.DistributionConfig;
    expect(distribution.WebACLId).toBeUndefined();
  });
});

describe('the API behind CloudFront only', () => {
  const secretId = logicalId(tempo.secrets.originVerify);
  const resolvesTheSecret = (value: unknown) => expect(JSON.stringify(value)).toMatch(new RegExp(`resolve:secretsmanager:.*${secretId}.*SecretString`));

  it('has CloudFront add the origin secret to every request it sends the API', () => {
    const distribution = Template.fromStack(tempo.web).toJSON().Resources[logicalId(tempo.web.distribution)].Properties.DistributionConfig;
    const apiOrigin = (distribution.Origins as Array<Record<string, any>>).find((origin) => origin.CustomOriginConfig)!;
    expect(apiOrigin.OriginCustomHeaders).toHaveLength(1);
    expect(apiOrigin.OriginCustomHeaders[0].HeaderName).toBe(ORIGIN_VERIFY_HEADER);
    resolvesTheSecret(apiOrigin.OriginCustomHeaders[0].HeaderValue);
  });

  it('gives every API handler the same secret, resolved at deploy, so none reads it at run time', () => {
    for (const name of HANDLERS) {
      const handler = tempo.api.handlers.get(name)!;
      const resource = Template.fromStack(tempo.api).toJSON().Resources[logicalId(handler.function)];
      resolvesTheSecret(resource.Properties.Environment.Variables.ORIGIN_VERIFY);
    }
    const policies = JSON.stringify(Template.fromStack(tempo.api).findResources('AWS::IAM::Policy'));
    expect(policies).not.toContain(secretId);
  });

  it('gives the socket authorizer, which checks the origin too, the same secret', () => {
    const authorizer = tempo.push.socketFunctions.get(SOCKET_API.authorizer.source)!;
    resolvesTheSecret(Template.fromStack(tempo.push).toJSON().Resources[logicalId(authorizer.function)].Properties.Environment.Variables.ORIGIN_VERIFY);
  });

  it('lets no deployed function pass for the local stack, which takes requests without the secret', () => {
    const stacks = (Object.values(tempo) as unknown[]).filter((part): part is Stack => part instanceof Stack);
    expect(stacks.length).toBeGreaterThan(6);
    for (const stack of stacks) {
      for (const resource of Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))) {
        expect(resource.Properties.Environment?.Variables ?? {}).not.toHaveProperty('LOCAL_STACK');
      }
    }
  });
});
