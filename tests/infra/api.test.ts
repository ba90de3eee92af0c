import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routes, type Route } from '../../functions/routes';
import { AUTHORIZER_CACHE_SECONDS } from '../../functions/access-tokens/authorizer';
import { HANDLER_ACCESS } from '../../infra/access';
import {
  ACCOUNT_ROUTE_LIMITS,
  API_THROTTLE,
  CHANGE_SOCKET_PATH,
  CLIENT_RATE_LIMITS,
  PUBLIC_ROUTE_THROTTLE,
  SERVICE_ROUTE_THROTTLE,
} from '../../shared/constants';
import { SOCKET_API } from '../../functions/change-notices/socket-api';
import { logicalId, tempoApp, TEST_ENV } from './tempo-app';

/** Written out on purpose: making a route public has to be a visible change to this test. */
const EXPECTED_PUBLIC_ROUTES = [
  'GET /api/gcal/callback',
  'GET /ical/{token}',
  'POST /api/auth/reset-code',
  'POST /api/auth/reset-password',
  'POST /api/auth/sign-in-link',
  'POST /api/auth/sign-in-link/open',
  'POST /api/auth/verify-email',
  'POST /api/bug-reports',
  'POST /api/demo',
  'POST /api/gcal/notifications',
  'POST /api/waitlist',
];

const ROUTES = routes as readonly Route[];
const tempo = tempoApp();
const template = Template.fromStack(tempo.api);

interface RouteProperties {
  RouteKey: string;
  AuthorizationType?: string;
  AuthorizerId?: unknown;
  Target: unknown;
}

function synthesizedRoutes(): RouteProperties[] {
  return Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((resource) => resource.Properties as RouteProperties);
}

function synthesizedRoute(key: string): RouteProperties {
  const matches = synthesizedRoutes().filter((route) => route.RouteKey === key);
  expect(matches, key).toHaveLength(1);
  return matches[0]!;
}

const authorizerId = Object.keys(template.findResources('AWS::ApiGatewayV2::Authorizer'))[0];

describe('HTTP API routes', () => {
  it('puts the Lambda authorizer on every route not marked public', () => {
    for (const route of ROUTES.filter((entry) => !entry.public)) {
      const synthesized = synthesizedRoute(route.key);
      expect(synthesized.AuthorizationType, route.key).toBe('CUSTOM');
      expect(synthesized.AuthorizerId, route.key).toEqual({ Ref: authorizerId });
    }
  });

  it('leaves exactly the expected routes public, without an authorizer', () => {
    expect(
      ROUTES.filter((route) => route.public)
        .map((route) => route.key)
        .sort(),
    ).toEqual(EXPECTED_PUBLIC_ROUTES);
    const open = synthesizedRoutes().filter((route) => route.AuthorizationType !== 'CUSTOM');
    expect(open.map((route) => route.RouteKey).sort()).toEqual(EXPECTED_PUBLIC_ROUTES);
    for (const route of open) {
      expect(route.AuthorizationType).toBe('NONE');
      expect(route.AuthorizerId).toBeUndefined();
    }
  });

  it('asks the authorizer function once per Authorization header, for a simple answer it keeps for a while', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    const properties = template.toJSON().Resources[authorizerId!].Properties;
    expect(properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      IdentitySource: ['$request.header.Authorization'],
      AuthorizerResultTtlInSeconds: AUTHORIZER_CACHE_SECONDS,
    });
    expect(JSON.stringify(properties.AuthorizerUri)).toContain(logicalId(tempo.api.authorizer.function));
  });

  it('has the authorizer trust tokens of the user pool issued to the web client, and no alarm on its refusals', () => {
    const { Environment } = template.toJSON().Resources[logicalId(tempo.api.authorizer.function)].Properties;
    const issuer = JSON.stringify(Environment.Variables.USER_POOL_ISSUER);
    expect(issuer).toContain(`https://cognito-idp.${TEST_ENV.region}.amazonaws.com/`);
    expect(issuer).toContain(logicalId(tempo.auth.userPool));
    expect(JSON.stringify(Environment.Variables.USER_POOL_CLIENT_ID)).toContain(logicalId(tempo.auth.webClient));
    const alarmed = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((alarm) => JSON.stringify(alarm.Properties.Dimensions ?? []));
    expect(alarmed.some((dimensions) => dimensions.includes(logicalId(tempo.api.authorizer.function)))).toBe(false);
  });

  it('sends each route to the function of its handler', () => {
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration');
    for (const route of ROUTES) {
      const target = synthesizedRoute(route.key).Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      const integration = integrations[target['Fn::Join'][1][1].Ref]!.Properties;
      expect(integration.IntegrationType).toBe('AWS_PROXY');
      expect(integration.IntegrationUri, route.key).toEqual({
        'Fn::GetAtt': [logicalId(tempo.api.handlers.get(route.handler)!.function), 'Arn'],
      });
    }
  });
});

describe('HTTP API functions', () => {
  it('runs them on Node 22 on ARM with source maps', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    for (const { Properties } of functions) {
      expect(Properties.Runtime).toBe('nodejs22.x');
      expect(Properties.Architectures).toEqual(['arm64']);
      expect(Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
    }
  });

  it('alarms when one of them throws or times out', () => {
    for (const handler of tempo.api.handlers.values()) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'Errors',
        Namespace: 'AWS/Lambda',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalId(handler.function) } }],
      });
    }
  });

  it('alarms on the API’s own 5xx answers, which a handler’s caught failure (a 500) never shows as a Lambda error', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: '5xx',
      Namespace: 'AWS/ApiGateway',
      Dimensions: [{ Name: 'ApiId', Value: { Ref: logicalId(tempo.api.api) } }],
      Threshold: 1,
    });
  });

  it('gives each handler the table name, and the bus name only when it publishes', () => {
    for (const [name, handler] of tempo.api.handlers) {
      const { Variables } = template.toJSON().Resources[logicalId(handler.function)].Properties.Environment;
      expect(Variables.TABLE_NAME, name).toBeDefined();
      expect(Variables.EVENT_BUS_NAME !== undefined, name).toBe(HANDLER_ACCESS[name].publishes === true);
    }
  });
});

describe('HTTP API stage', () => {
  it('gives every public route a throttle of its own (a form’s, or a service’s for Google’s notifications), after the route exists', () => {
    const [stageId, stage] = Object.entries(template.findResources('AWS::ApiGatewayV2::Stage'))[0]!;
    const publicKeys = (routes as readonly Route[]).filter((route) => route.public).map((route) => route.key);
    expect(publicKeys.length).toBeGreaterThan(0);
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual([...publicKeys].sort());
    for (const key of publicKeys) {
      const throttle = key === 'POST /api/gcal/notifications' ? SERVICE_ROUTE_THROTTLE : PUBLIC_ROUTE_THROTTLE;
      expect(stage.Properties.RouteSettings[key], key).toEqual({ ThrottlingRateLimit: throttle.ratePerSecond, ThrottlingBurstLimit: throttle.burst });
    }
    const routeIds = Object.entries(template.findResources('AWS::ApiGatewayV2::Route'))
      .filter(([, route]) => publicKeys.includes(route.Properties.RouteKey))
      .map(([id]) => id);
    expect(template.toJSON().Resources[stageId].DependsOn).toEqual(expect.arrayContaining(routeIds));
  });

  it("holds one address on the public routes (at the edge, whatever headers it sends) far below what a route's throttle lets through", () => {
    const windowSeconds = CLIENT_RATE_LIMITS.windowMs / 1000;
    // A whole window's worth from one address is a tenth of what one route's throttle lets through in that window.
    expect(CLIENT_RATE_LIMITS.publicRoutesPerAddress).toBeLessThanOrEqual((PUBLIC_ROUTE_THROTTLE.ratePerSecond * windowSeconds) / 10);
    // And the handlers' own hourly counts per address stay below the edge's, so they answer first.
    for (const limit of [ACCOUNT_ROUTE_LIMITS.resetCodesPerAddress, ACCOUNT_ROUTE_LIMITS.resetsPerAddress, ACCOUNT_ROUTE_LIMITS.wrongVerificationsPerAddress]) {
      expect(limit).toBeLessThan(CLIENT_RATE_LIMITS.publicRoutesPerAddress);
    }
  });

  it('throttles the default stage as shared/constants.ts says and writes access logs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: API_THROTTLE.ratePerSecond, ThrottlingBurstLimit: API_THROTTLE.burst },
    });
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0]!.Properties;
    const logGroups = template.findResources('AWS::Logs::LogGroup');
    expect(logGroups[stage.AccessLogSettings.DestinationArn['Fn::GetAtt'][0]]).toBeDefined();
    expect(JSON.parse(stage.AccessLogSettings.Format)).toMatchObject({ routeKey: '$context.routeKey', status: '$context.status' });
  });
});

describe('the API’s own domain', () => {
  const API_DOMAIN = 'api.tempo.example.com';
  const SOCKET_DOMAIN = 'sockets.tempo.example.com';
  const API_CERTIFICATE = `arn:aws:acm:${TEST_ENV.region}:${TEST_ENV.account}:certificate/0a1b2c3d`;
  const apiOrigin = (app: ReturnType<typeof tempoApp>) => {
    const distribution = Template.fromStack(app.web).toJSON().Resources[logicalId(app.web.distribution)].Properties.DistributionConfig;
    const behavior = (distribution.CacheBehaviors as Array<{ PathPattern: string; TargetOriginId: string }>).find((found) => found.PathPattern === '/api/*')!;
    return (distribution.Origins as Array<{ Id: string; DomainName: unknown }>).find((origin) => origin.Id === behavior.TargetOriginId)!.DomainName;
  };

  const withDomain = tempoApp({ apiDomainName: API_DOMAIN, apiCertificateArn: API_CERTIFICATE, socketDomainName: SOCKET_DOMAIN });
  const socketOrigin = (app: ReturnType<typeof tempoApp>) => {
    const distribution = Template.fromStack(app.web).toJSON().Resources[logicalId(app.web.distribution)].Properties.DistributionConfig;
    const behavior = (distribution.CacheBehaviors as Array<{ PathPattern: string; TargetOriginId: string }>).find(
      (found) => found.PathPattern === CHANGE_SOCKET_PATH,
    )!;
    return (distribution.Origins as Array<{ Id: string; DomainName: unknown; OriginPath?: string }>).find((origin) => origin.Id === behavior.TargetOriginId)!;
  };
  const managementEndpoints = (app: ReturnType<typeof tempoApp>) =>
    Object.values(Template.fromStack(app.changeNotices).findResources('AWS::Lambda::Function'))
      .map((resource) => resource.Properties.Environment?.Variables?.WEBSOCKET_MANAGEMENT_ENDPOINT)
      .filter(Boolean);

  it('without one, CloudFront reaches the API and the sockets at their execute-api addresses, which stay on', () => {
    expect(template.toJSON().Resources[logicalId(tempo.api.api)].Properties.DisableExecuteApiEndpoint).toBeFalsy();
    template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    expect(JSON.stringify(apiOrigin(tempo))).toContain(logicalId(tempo.api.api));
    const notices = Template.fromStack(tempo.changeNotices);
    expect(notices.toJSON().Resources[logicalId(tempo.changeNotices.api)].Properties.DisableExecuteApiEndpoint).toBeFalsy();
    notices.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    expect(JSON.stringify(socketOrigin(tempo).DomainName)).toContain('Tempo-dev-Push');
  });

  it('with one, CloudFront reaches the API by that name over TLS 1.2, and the execute-api address is switched off', () => {
    const api = Template.fromStack(withDomain.api);
    expect(api.toJSON().Resources[logicalId(withDomain.api.api)].Properties.DisableExecuteApiEndpoint).toBe(true);
    api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: API_DOMAIN,
      DomainNameConfigurations: [{ CertificateArn: API_CERTIFICATE, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' }],
    });
    api.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { ApiId: { Ref: logicalId(withDomain.api.api) }, Stage: '$default' });
    expect(apiOrigin(withDomain)).toBe(API_DOMAIN);
  });

  it('with one, the sockets have their own name under the same certificate, and their execute-api address is switched off too', () => {
    const notices = Template.fromStack(withDomain.changeNotices);
    const api = { Ref: logicalId(withDomain.changeNotices.api) };
    expect(notices.toJSON().Resources[logicalId(withDomain.changeNotices.api)].Properties.DisableExecuteApiEndpoint).toBe(true);
    const [domainId] = Object.keys(notices.findResources('AWS::ApiGatewayV2::DomainName'));
    notices.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: SOCKET_DOMAIN,
      DomainNameConfigurations: [{ CertificateArn: API_CERTIFICATE, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' }],
    });
    // At the stage's name, where CloudFront opens the sockets; and at the root, where the functions reach their connections.
    const mappings = Object.values(notices.findResources('AWS::ApiGatewayV2::ApiMapping'));
    expect(mappings).toHaveLength(2);
    for (const mapping of mappings) {
      expect(mapping.Properties).toMatchObject({ ApiId: api, DomainName: { Ref: domainId }, Stage: SOCKET_API.stage });
      expect(mapping.DependsOn).toContain(logicalId(withDomain.changeNotices.stage));
    }
    expect(mappings.map((mapping) => mapping.Properties.ApiMappingKey ?? '').sort()).toEqual(['', SOCKET_API.stage]);
    expect(socketOrigin(withDomain).DomainName).toBe(SOCKET_DOMAIN);
    expect(socketOrigin(withDomain).OriginPath).toBeUndefined();
    expect(new Set(managementEndpoints(withDomain))).toEqual(new Set([`https://${SOCKET_DOMAIN}`]));
    expect(managementEndpoints(tempo).length).toBeGreaterThan(0);
    expect(JSON.stringify(managementEndpoints(tempo))).toContain(logicalId(tempo.changeNotices.api));
  });

  it('needs both the name and the certificate, and the sockets’ name with them', () => {
    expect(() => tempoApp({ apiDomainName: API_DOMAIN, socketDomainName: SOCKET_DOMAIN })).toThrow(/apiCertificateArn/);
    expect(() => tempoApp({ apiCertificateArn: API_CERTIFICATE, socketDomainName: SOCKET_DOMAIN })).toThrow(/apiDomainName/);
    expect(() => tempoApp({ apiDomainName: API_DOMAIN, apiCertificateArn: API_CERTIFICATE })).toThrow(/socketDomainName/);
    expect(() => tempoApp({ socketDomainName: SOCKET_DOMAIN })).toThrow(/socketDomainName/);
  });
});
