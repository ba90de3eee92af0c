import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnRoute,
  type CfnStage,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { AUTHORIZER_CACHE_SECONDS } from '../../functions/access-tokens/authorizer';
import { HANDLERS, routes, type HandlerName, type Route } from '../../functions/routes';
import { API_THROTTLE, PUBLIC_ROUTE_THROTTLE } from '../../shared/constants';
import { API_AUTHORIZER_ACCESS, grantAccess, HANDLER_ACCESS, type SharedResources } from '../access';
import type { AppConfig } from '../config';
import { AppFunction } from '../constructs/app-function';

export interface ApiStackProps extends StackProps {
  config: AppConfig;
  shared: SharedResources & { auth: NonNullable<SharedResources['auth']> };
  /** The value CloudFront adds to each request; every handler refuses a request without it (functions/platform/origin.ts). */
  originVerify: ISecret;
}

/** The access log line: what API Gateway v2 can tell about each request, as JSON. */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  routeKey: '$context.routeKey',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  responseLength: '$context.responseLength',
  authorizerError: '$context.authorizer.error',
  integrationError: '$context.integrationErrorMessage',
};

/**
 * The HTTP API: one function per handler of functions/routes.ts, one route per route-table entry,
 * the Lambda authorizer (a Cognito token or a personal access token) on every route that is not
 * marked public.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly handlers: ReadonlyMap<HandlerName, AppFunction>;
  /** functions/access-tokens/authorizer.ts, in front of every route not marked public. */
  readonly authorizer: AppFunction;
  /** Where CloudFront sends API requests: the API's own domain when configured, else its execute-api address. */
  readonly endpoint: string;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const domain = props.config.apiDomain && this.customDomain(props.config.apiDomain);
    this.authorizer = this.authorizerFunction(props);
    // Secure by default: a route gets the authorizer unless it opts out below.
    this.api = new HttpApi(this, 'HttpApi', {
      description: `Tempo API (${props.config.stage})`,
      createDefaultStage: false,
      // With a domain of its own, CloudFront reaches the API by that name, and the execute-api
      // address, which went around the edge's web ACL (answered 403 only after the stage throttle), is switched off.
      disableExecuteApiEndpoint: Boolean(domain),
      // Its answer is kept per Authorization header (whatever the route); each handler checks
      // again what may change meanwhile (functions/platform/http.ts). Without the header, API
      // Gateway answers 401 without calling it.
      defaultAuthorizer: new HttpLambdaAuthorizer('ApiAuthorizer', this.authorizer.function, {
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        identitySource: ['$request.header.Authorization'],
        resultsCacheTtl: Duration.seconds(AUTHORIZER_CACHE_SECONDS),
      }),
    });
    const stage = this.addDefaultStage(props.config, domain);
    this.endpoint = props.config.apiDomain ? `https://${props.config.apiDomain.name}` : this.api.apiEndpoint;
    // A handler's bug is answered as a 500 (functions/platform/http.ts), which Lambda counts as a
    // success: the API's own 5xx count is what tells of it.
    this.api.metricServerError({ period: Duration.minutes(5) }).createAlarm(this, 'ServerErrorsAlarm', {
      alarmDescription: 'The API answered with a server error (a handler failed, or a function could not run)',
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    this.handlers = new Map(HANDLERS.map((name) => [name, this.handlerFunction(name, props)]));
    // One integration per function, with one invoke permission for the whole API, not one per route.
    const integrations = new Map(
      [...this.handlers].map(([name, handler]) => [
        name,
        new HttpLambdaIntegration(`${pascalCase(name)}Integration`, handler.function, { scopePermissionToRoute: false }),
      ]),
    );
    const stageSettings = stage.node.defaultChild as CfnStage;
    // RouteSettings is untyped JSON to the L1 construct: CloudFormation's own names.
    const publicRouteSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of routes as readonly Route[]) {
      const httpRoute = new HttpRoute(this, routeId(route), {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations.get(route.handler)!,
        ...(route.public ? { authorizer: new HttpNoneAuthorizer() } : {}),
      });
      if (route.public) {
        const throttle = route.throttle ?? PUBLIC_ROUTE_THROTTLE;
        publicRouteSettings[route.key] = { ThrottlingRateLimit: throttle.ratePerSecond, ThrottlingBurstLimit: throttle.burst };
        // A route's settings name a route that must exist first.
        stageSettings.addDependency(httpRoute.node.defaultChild as CfnRoute);
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.key} is public by design (${route.summary}): its callers hold no token; the handler validates the input and the stage throttles.`,
        });
      }
    }
    stageSettings.routeSettings = publicRouteSettings;
    new CfnOutput(this, 'ApiEndpoint', { value: this.endpoint });
    // The API's domain must resolve to this (a CNAME, or a Route 53 alias) before CloudFront can reach it.
    if (domain) new CfnOutput(this, 'ApiDomainTarget', { value: domain.regionalDomainName });
  }

  /** The API's own domain (a regional custom domain with its certificate in this region), TLS 1.2. */
  private customDomain(apiDomain: NonNullable<AppConfig['apiDomain']>): DomainName {
    return new DomainName(this, 'ApiDomain', {
      domainName: apiDomain.name,
      certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', apiDomain.certificateArn),
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
  }

  /** The `$default` stage: throttled as shared/constants.ts says, with JSON access logs; mapped to the API's domain when it has one. */
  private addDefaultStage(config: AppConfig, domain: DomainName | undefined): HttpStage {
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: config.logRetention, removalPolicy: config.removalPolicy });
    return new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      autoDeploy: true,
      ...(domain ? { domainMapping: { domainName: domain } } : {}),
      throttle: { rateLimit: API_THROTTLE.ratePerSecond, burstLimit: API_THROTTLE.burst },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });
  }

  /**
   * The authorizer verifies Cognito tokens itself, as the JWT authorizer did: the pool's issuer
   * and the web client. It refuses a bad token by throwing (API Gateway's one way to a 401), so its
   * Lambda errors are not failures: a failure of its own reaches the API's 5xx alarm and the error reports.
   */
  private authorizerFunction(props: ApiStackProps): AppFunction {
    const authorizer = new AppFunction(this, 'Authorizer', {
      config: props.config,
      source: 'access-tokens/authorizer',
      description: 'API authorizer: a Cognito token or a personal access token',
      timeout: Duration.seconds(5),
      alarmOnErrors: false,
    });
    grantAccess(authorizer, API_AUTHORIZER_ACCESS, props.shared);
    const { userPool, webClient } = props.shared.auth;
    authorizer.function.addEnvironment('USER_POOL_ISSUER', `https://cognito-idp.${Stack.of(userPool).region}.amazonaws.com/${userPool.userPoolId}`);
    authorizer.function.addEnvironment('USER_POOL_CLIENT_ID', webClient.userPoolClientId);
    return authorizer;
  }

  private handlerFunction(name: HandlerName, props: ApiStackProps): AppFunction {
    const handler = new AppFunction(this, `${pascalCase(name)}Handler`, {
      config: props.config,
      source: `${name}/handler`,
      description: `API handler: ${name}`,
      timeout: Duration.seconds(10),
    });
    grantAccess(handler, HANDLER_ACCESS[name], props.shared);
    // Resolved by CloudFormation at deploy (a dynamic reference), so no read of the secret at cold start.
    handler.function.addEnvironment('ORIGIN_VERIFY', props.originVerify.secretValue.unsafeUnwrap());
    return handler;
  }
}

/** `GET /api/goals/{id}` becomes `GETapigoalsid`. */
function routeId(route: Route): string {
  return route.key.replace(/[^A-Za-z0-9]/g, '');
}

function pascalCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_all, _dash: string, letter: string) => letter.toUpperCase());
}
