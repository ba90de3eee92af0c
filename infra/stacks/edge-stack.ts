import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnIPSet, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { routes, type Route } from '../../functions/routes';
import { CALENDAR_FEED } from '../../shared/calendar-feed';
import { CLIENT_RATE_LIMITS } from '../../shared/constants';
import { resourceName, type AppConfig } from '../config';

export interface EdgeStackProps extends StackProps {
  config: AppConfig;
}

/** CloudFront's web ACLs live in us-east-1, whatever the region of the rest. */
export const EDGE_REGION = 'us-east-1';

const TOO_MANY_REQUESTS = 'TooManyRequests';
const FORBIDDEN = 'Forbidden';
const NOT_FOUND = 'NotFound';

/** Every IPv6 address, in the two halves WAF takes (an IP set holds any CIDR range but /0). */
export const EVERY_IPV6_ADDRESS = ['::/1', '8000::/1'] as const;

/**
 * The one spelling of a feed address, /ical/<token>.ics, as tokenOfFeedPath (shared/calendar-feed.ts)
 * reads it for the handler and the local adapter: the token is the base64url of 32 bytes, whose
 * last character carries 2 unused bits that are 0.
 */
export const FEED_PATH_REGEX = `^${CALENDAR_FEED.pathPrefix}[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]\\${CALENDAR_FEED.fileSuffix}$`;

/**
 * The web ACL in front of the distribution: the per-client limits of shared/constants.ts, applied
 * where a flood is refused before it reaches the API's shared stage throttle (the local adapter
 * applies the same). The edge cannot verify a token, so a person is counted by the token they
 * send; a made-up token escapes the anonymous count only to meet the address's ceiling, and on a
 * public route the address's own count for those routes. Past a limit the answer is API Gateway's
 * own 429, so the SPA reads it as a throttle.
 *
 * An address is counted as the handlers count it, an IPv6 host by its /64
 * (functions/platform/client-address.ts). WAF cannot: a rate-based rule counts each IP address
 * apart, with no prefix length, and it runs before any CloudFront function, so no header one adds
 * could carry the prefix. So the distribution answers IPv4 only (infra/stacks/web-stack.ts:
 * no AAAA records), and a request that reaches it over IPv6 all the same (an edge's IPv6 address
 * named by hand) is refused first: every address counted here is an IPv4 one.
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
    const answer = (responseCode: number, customResponseBodyKey: string) => ({ block: { customResponse: { responseCode, customResponseBodyKey } } });
    const block = answer(429, TOO_MANY_REQUESTS);
    const evaluationWindowSec = CLIENT_RATE_LIMITS.windowMs / 1000;
    const underApi: CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: '/api/',
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    const withToken: CfnWebACL.StatementProperty = {
      sizeConstraintStatement: {
        fieldToMatch: { singleHeader: { Name: 'authorization' } },
        comparisonOperator: 'GT',
        size: 0,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    // Whatever headers come with it: a made-up token must not take a request out of the count. The
    // path is matched as API Gateway routes it (decoded, normalised); one with a parameter (the
    // calendar feed's /ical/{token}) up to it.
    const routedTo = (path: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: path.includes('{') ? 'STARTS_WITH' : 'EXACTLY',
        searchString: path.split('{')[0]!,
        textTransformations: [
          { priority: 0, type: 'URL_DECODE' },
          { priority: 1, type: 'NORMALIZE_PATH' },
        ],
      },
    });
    const anyOf = (paths: readonly string[]): CfnWebACL.StatementProperty =>
      paths.length === 1 ? routedTo(paths[0]!) : { orStatement: { statements: paths.map(routedTo) } };
    const pathsOf = (keep: (route: Route) => boolean) => [...new Set((routes as readonly Route[]).filter(keep).map((route) => route.path))];
    // The MCP server's /mcp is the API's too: an outside assistant with a token is counted as its person, like the SPA.
    const api: CfnWebACL.StatementProperty = { orStatement: { statements: [underApi, anyOf(pathsOf((route) => route.handler === 'mcp'))] } };
    // A service's calls for everyone (Google's push notices, from a few of Google's addresses) are
    // checked by the channel token they carry, under their own route throttle, not counted by address.
    const publicRoute = anyOf(pathsOf((route) => Boolean(route.public) && !route.calledByService));
    const notFromService: CfnWebACL.StatementProperty = { notStatement: { statement: anyOf(pathsOf((route) => Boolean(route.calledByService))) } };
    const calendarFeed = routedTo(`${CALENDAR_FEED.pathPrefix}{token}`);
    const ipv6 = new CfnIPSet(this, 'EveryIpv6Address', {
      name: resourceName(config, 'every-ipv6-address'),
      scope: 'CLOUDFRONT',
      ipAddressVersion: 'IPV6',
      addresses: [...EVERY_IPV6_ADDRESS],
    });
    const rule = (name: string, priority: number, statement: CfnWebACL.RateBasedStatementProperty): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: block,
      statement: { rateBasedStatement: { evaluationWindowSec, ...statement } },
      visibilityConfig: visibility(`tempo-edge-${name}`),
    });

    const acl = new CfnWebACL(this, 'WebAcl', {
      name: resourceName(config, 'edge'),
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('tempo-edge'),
      customResponseBodies: {
        [TOO_MANY_REQUESTS]: { contentType: 'APPLICATION_JSON', content: '{"message":"Too Many Requests"}' },
        [FORBIDDEN]: { contentType: 'APPLICATION_JSON', content: '{"message":"Forbidden"}' },
        [NOT_FOUND]: { contentType: 'APPLICATION_JSON', content: '{"message":"Not Found"}' },
      },
      rules: [
        {
          name: 'ipv4-only',
          priority: 0,
          action: answer(403, FORBIDDEN),
          statement: { ipSetReferenceStatement: { arn: ipv6.attrArn } },
          visibilityConfig: visibility('tempo-edge-ipv4-only'),
        },
        // Any other spelling of a feed address (a trailing slash, a percent-encoding, another case or
        // segment) is refused before it is counted, so no spelling escapes its token's count; the
        // regex reads the path as sent.
        {
          name: 'calendar-feed-paths',
          priority: 1,
          action: answer(404, NOT_FOUND),
          statement: {
            andStatement: {
              statements: [
                calendarFeed,
                {
                  notStatement: {
                    statement: {
                      regexMatchStatement: {
                        fieldToMatch: { uriPath: {} },
                        regexString: FEED_PATH_REGEX,
                        textTransformations: [{ priority: 0, type: 'NONE' }],
                      },
                    },
                  },
                },
              ],
            },
          },
          visibilityConfig: visibility('tempo-edge-calendar-feed-paths'),
        },
        rule('per-address', 2, { aggregateKeyType: 'IP', limit: CLIENT_RATE_LIMITS.perAddress }),
        rule('anonymous-per-address', 3, {
          aggregateKeyType: 'IP',
          limit: CLIENT_RATE_LIMITS.anonymousPerAddress,
          scopeDownStatement: { andStatement: { statements: [api, { notStatement: { statement: withToken } }, notFromService] } },
        }),
        rule('per-person', 4, {
          aggregateKeyType: 'CUSTOM_KEYS',
          customKeys: [{ header: { name: 'authorization', textTransformations: [{ priority: 0, type: 'NONE' }] } }],
          limit: CLIENT_RATE_LIMITS.perPerson,
          scopeDownStatement: api,
        }),
        rule('public-routes-per-address', 5, {
          aggregateKeyType: 'IP',
          limit: CLIENT_RATE_LIMITS.publicRoutesPerAddress,
          scopeDownStatement: publicRoute,
        }),
        // A feed's path holds its token: one count per feed, whoever asks for it.
        rule('calendar-feed-per-token', 6, {
          aggregateKeyType: 'CUSTOM_KEYS',
          customKeys: [{ uriPath: { textTransformations: [{ priority: 0, type: 'NONE' }] } }],
          limit: CLIENT_RATE_LIMITS.calendarFeedPerToken,
          scopeDownStatement: calendarFeed,
        }),
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
