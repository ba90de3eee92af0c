import { randomBytes } from 'node:crypto';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { HANDLERS, routes, type Route } from '../../functions/routes';
import { SOCKET_API } from '../../functions/change-notices/socket-api';
import { ORIGIN_VERIFY_HEADER } from '../../functions/platform/origin';
import { CALENDAR_FEED, tokenOfFeedPath } from '../../shared/calendar-feed';
import { CLIENT_RATE_LIMITS } from '../../shared/constants';
import { EVERY_IPV6_ADDRESS, FEED_PATH_REGEX } from '../../infra/stacks/edge-stack';
import { logicalId, tempoApp } from './tempo-app';

const tempo = tempoApp();
const acls = Object.entries(Template.fromStack(tempo.edge!).findResources('AWS::WAFv2::WebACL'));
const [aclId, acl] = acls[0]!;
const rule = (name: string) => (acl.Properties.Rules as Array<{ Name: string } & Record<string, any>>).find((found) => found.Name === name)!;
const WINDOW_SECONDS = CLIENT_RATE_LIMITS.windowMs / 1000;
/** A path as API Gateway routes it, decoded and normalised: how the rules match a route. */
const routedTo = (path: string, positionalConstraint = 'EXACTLY') => ({
  ByteMatchStatement: {
    FieldToMatch: { UriPath: {} },
    PositionalConstraint: positionalConstraint,
    SearchString: path,
    TextTransformations: [
      { Priority: 0, Type: 'URL_DECODE' },
      { Priority: 1, Type: 'NORMALIZE_PATH' },
    ],
  },
});
const FEED_PATHS = routedTo(CALENDAR_FEED.pathPrefix, 'STARTS_WITH');
const GOOGLE_NOTICES = '/api/gcal/notifications';
/** The API's paths: everything under /api/, and the MCP server's /mcp (an outside assistant's token counts as its person). */
const API_PATHS = {
  OrStatement: {
    Statements: [
      {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: '/api/',
          TextTransformations: [{ Priority: 0, Type: 'NONE' }],
        },
      },
      routedTo('/mcp'),
    ],
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

  it('refuses past a limit with API Gateway’s own 429 body, so the SPA reads it as a throttle', () => {
    expect(acl.Properties.CustomResponseBodies).toEqual({
      TooManyRequests: { ContentType: 'APPLICATION_JSON', Content: '{"message":"Too Many Requests"}' },
      Forbidden: { ContentType: 'APPLICATION_JSON', Content: '{"message":"Forbidden"}' },
      NotFound: { ContentType: 'APPLICATION_JSON', Content: '{"message":"Not Found"}' },
    });
    const rateBased = (acl.Properties.Rules as Array<Record<string, any>>).filter((found) => found.Statement.RateBasedStatement);
    expect(rateBased.map((found) => found.Name)).toEqual([
      'per-address',
      'anonymous-per-address',
      'per-person',
      'public-routes-per-address',
      'calendar-feed-per-token',
    ]);
    for (const found of rateBased) {
      expect(found.Action, found.Name).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } });
      // The least a rate-based rule takes.
      expect(found.Statement.RateBasedStatement.Limit, found.Name).toBeGreaterThanOrEqual(10);
    }
  });

  it('refuses, before anything is counted, a request that came over IPv6: every address it counts is an IPv4 one, as WAF cannot count a /64', () => {
    const first = rule('ipv4-only');
    expect(first.Priority).toBe(0);
    expect(first.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 403, CustomResponseBodyKey: 'Forbidden' } } });
    const sets = Template.fromStack(tempo.edge!).findResources('AWS::WAFv2::IPSet');
    const [setId, set] = Object.entries(sets)[0]!;
    expect(Object.keys(sets)).toHaveLength(1);
    expect(set.Properties).toMatchObject({ Scope: 'CLOUDFRONT', IPAddressVersion: 'IPV6', Addresses: [...EVERY_IPV6_ADDRESS] });
    expect(first.Statement).toEqual({ IPSetReferenceStatement: { Arn: { 'Fn::GetAtt': [setId, 'Arn'] } } });
    // The two halves are the whole IPv6 space: the first bit 0, and the first bit 1.
    expect(EVERY_IPV6_ADDRESS).toEqual(['::/1', '8000::/1']);
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
              // Google's push notices, for everyone from a few of Google's addresses, are checked by their channel token instead.
              { NotStatement: { Statement: routedTo(GOOGLE_NOTICES) } },
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

  it('lets an outside assistant’s POST to /mcp through: only the counts apply, its token counted as its person', () => {
    const refusing = (acl.Properties.Rules as Array<Record<string, any>>).filter((found) => !found.Statement.RateBasedStatement);
    // Neither refusal meets an IPv4 request to /mcp: one is for IPv6, the other for /ical/ paths.
    expect(refusing.map((found) => found.Name)).toEqual(['ipv4-only', 'calendar-feed-paths']);
    expect(rule('per-person').Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements).toContainEqual(routedTo('/mcp'));
  });

  it('counts every request to a public route by address alone, whatever headers come with it, matched on the path as API Gateway routes it', () => {
    const publicPaths = [...new Set((routes as readonly Route[]).filter((route) => route.public && !route.calledByService).map((route) => route.path))];
    expect(publicPaths).toEqual(
      expect.arrayContaining(['/api/auth/reset-code', '/api/auth/reset-password', '/api/auth/verify-email', '/api/demo', '/ical/{token}']),
    );
    // Google's push notices are the one public route left out: they come for everyone from a few of Google's addresses.
    expect((routes as readonly Route[]).filter((route) => route.calledByService).map((route) => route.path)).toEqual([GOOGLE_NOTICES]);
    expect(publicPaths).not.toContain(GOOGLE_NOTICES);
    const found = rule('public-routes-per-address');
    expect(found.Statement).toEqual({
      RateBasedStatement: {
        AggregateKeyType: 'IP',
        Limit: CLIENT_RATE_LIMITS.publicRoutesPerAddress,
        EvaluationWindowSec: WINDOW_SECONDS,
        ScopeDownStatement: {
          OrStatement: {
            // The calendar feed's address holds its token: every /ical/ path counts.
            Statements: publicPaths.map((path) => (path === '/ical/{token}' ? FEED_PATHS : routedTo(path))),
          },
        },
      },
    });
    // No header takes a request out of this count: a made-up Authorization header among them.
    expect(JSON.stringify(found.Statement)).not.toMatch(/Header/i);
    const priorities = (acl.Properties.Rules as Array<{ Priority: number }>).map((each) => each.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });

  it('gives each calendar feed address its own count, keyed by the path its token is in', () => {
    expect(rule('calendar-feed-per-token').Statement).toEqual({
      RateBasedStatement: {
        AggregateKeyType: 'CUSTOM_KEYS',
        CustomKeys: [{ UriPath: { TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
        Limit: CLIENT_RATE_LIMITS.calendarFeedPerToken,
        EvaluationWindowSec: WINDOW_SECONDS,
        ScopeDownStatement: FEED_PATHS,
      },
    });
  });

  it('refuses any other spelling of a feed address with a 404 before any count, so none escapes its token’s count', () => {
    const paths = rule('calendar-feed-paths');
    expect(paths.Priority).toBeLessThan(rule('per-address').Priority);
    expect(paths.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 404, CustomResponseBodyKey: 'NotFound' } } });
    expect(paths.Statement).toEqual({
      AndStatement: {
        Statements: [
          FEED_PATHS,
          {
            NotStatement: {
              Statement: {
                RegexMatchStatement: { FieldToMatch: { UriPath: {} }, RegexString: FEED_PATH_REGEX, TextTransformations: [{ Priority: 0, Type: 'NONE' }] },
              },
            },
          },
        ],
      },
    });
  });

  it('reads a feed address as the handler does (tokenOfFeedPath)', () => {
    const token = randomBytes(CALENDAR_FEED.tokenBytes).toString('base64url');
    const address = `${CALENDAR_FEED.pathPrefix}${token}${CALENDAR_FEED.fileSuffix}`;
    const lastBitsSet = `${address.slice(0, CALENDAR_FEED.pathPrefix.length + 42)}${token.endsWith('B') ? 'C' : 'B'}${CALENDAR_FEED.fileSuffix}`;
    const spellings = [
      address,
      `${address}/`,
      address.replace(CALENDAR_FEED.fileSuffix, '.ICS'),
      address.replace(CALENDAR_FEED.fileSuffix, ''),
      address.replace(token[0]!, `%${token.charCodeAt(0).toString(16)}`),
      `${CALENDAR_FEED.pathPrefix}x/${token}${CALENDAR_FEED.fileSuffix}`,
      `${CALENDAR_FEED.pathPrefix}${token}a${CALENDAR_FEED.fileSuffix}`,
      lastBitsSet,
    ];
    const waf = new RegExp(FEED_PATH_REGEX);
    for (const spelling of spellings) expect(waf.test(spelling), spelling).toBe(tokenOfFeedPath(spelling) !== null);
    expect(waf.test(address)).toBe(true);
    expect(spellings.filter((spelling) => waf.test(spelling))).toEqual([address]);
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
    const authorizer = tempo.changeNotices.socketFunctions.get(SOCKET_API.authorizer.source)!;
    resolvesTheSecret(
      Template.fromStack(tempo.changeNotices).toJSON().Resources[logicalId(authorizer.function)].Properties.Environment.Variables.ORIGIN_VERIFY,
    );
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
