import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { routes, type Route } from '../../functions/routes';
import { CLIENT_RATE_LIMITS } from '../../shared/constants';
import { resourceName, type AppConfig } from '../config';

export interface EdgeStackProps extends StackProps {
  config: AppConfig;
}

/** CloudFront's web ACLs live in us-east-1, whatever the region of the rest. */
export const EDGE_REGION = 'us-east-1';

const TOO_MANY_REQUESTS = 'TooManyRequests';

/**
 * The web ACL in front of the distribution: the per-client limits of shared/constants.ts, applied
 * where a flood is refused before it reaches the API's shared stage throttle (the local adapter
 * applies the same). The edge cannot verify a token, so a person is counted by the token they
 * send; a made-up token escapes the anonymous count only to meet the address's ceiling, and on a
 * public route the address's own count for those routes. Past a limit the answer is API Gateway's
 * own 429, so the SPA reads it as a throttle.
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
    const block = { block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY_REQUESTS } } };
    const evaluationWindowSec = CLIENT_RATE_LIMITS.windowMs / 1000;
    const api: CfnWebACL.StatementProperty = {
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
    // path is matched as API Gateway routes it (decoded, normalised).
    const publicPaths = [...new Set((routes as readonly Route[]).filter((route) => route.public).map((route) => route.path))];
    const publicRoute: CfnWebACL.StatementProperty = {
      orStatement: {
        // A path with a parameter (the calendar feed's /ical/{token}) is matched up to it.
        statements: publicPaths.map((path) => ({
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: path.includes('{') ? 'STARTS_WITH' : 'EXACTLY',
            searchString: path.split('{')[0]!,
            textTransformations: [
              { priority: 0, type: 'URL_DECODE' },
              { priority: 1, type: 'NORMALIZE_PATH' },
            ],
          },
        })),
      },
    };
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
      customResponseBodies: { [TOO_MANY_REQUESTS]: { contentType: 'APPLICATION_JSON', content: '{"message":"Too Many Requests"}' } },
      rules: [
        rule('per-address', 0, { aggregateKeyType: 'IP', limit: CLIENT_RATE_LIMITS.perAddress }),
        rule('anonymous-per-address', 1, {
          aggregateKeyType: 'IP',
          limit: CLIENT_RATE_LIMITS.anonymousPerAddress,
          scopeDownStatement: { andStatement: { statements: [api, { notStatement: { statement: withToken } }] } },
        }),
        rule('per-person', 2, {
          aggregateKeyType: 'CUSTOM_KEYS',
          customKeys: [{ header: { name: 'authorization', textTransformations: [{ priority: 0, type: 'NONE' }] } }],
          limit: CLIENT_RATE_LIMITS.perPerson,
          scopeDownStatement: api,
        }),
        rule('public-routes-per-address', 3, {
          aggregateKeyType: 'IP',
          limit: CLIENT_RATE_LIMITS.publicRoutesPerAddress,
          scopeDownStatement: publicRoute,
        }),
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
