import { CfnOutput, Duration, Stack, Validations, type CfnElement, type StackProps } from 'aws-cdk-lib';
import { ApiMapping, DomainName, SecurityPolicy, WebSocketApi, WebSocketStage, type CfnApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { STREAM_CONSUMERS } from '../../functions/changes/stream-consumers';
import { SOCKET_API } from '../../functions/change-notices/socket-api';
import { DEAD_LETTERS_HELD } from '../../functions/dead-letters/alarm';
import { grantAccess, SOCKET_ACCESS, STREAM_CONSUMER_ACCESS, type SharedResources } from '../access';
import { resourceName, type AppConfig } from '../config';
import { AppFunction } from '../constructs/app-function';
import { deadLetterQueue } from '../constructs/dead-letter-queue';
import { arnAsNagShowsIt } from '../constructs/nag-arn';

export interface ChangeNoticesStackProps extends StackProps {
  config: AppConfig;
  shared: SharedResources & { auth: NonNullable<SharedResources['auth']> };
  /** The table, with its stream. */
  table: Table;
  /** The value CloudFront adds to each request; the authorizer refuses a connection without it (functions/platform/origin.ts). */
  originVerify: ISecret;
}

/** API Gateway's WebSocket throttle for the stage: a tab connects once and pings every few minutes. */
const SOCKET_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/**
 * The change notices: the WebSocket API of functions/change-notices/socket-api.ts (a Lambda REQUEST authorizer on
 * $connect, one function for its routes), and for each consumer of functions/changes/stream-consumers.ts a function on
 * the table's stream with its filter, partial batch failures, retries, and an on-failure queue with
 * an alarm.
 */
export class ChangeNoticesStack extends Stack {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** Where CloudFront opens the sockets (wss://…/<stage>): the sockets' own domain when configured, else the execute-api address. */
  readonly endpoint: string;
  /** Where the functions post to and close connections (the @connections API), by the same address. */
  readonly managementEndpoint: string;
  /** The authorizer's and the routes' functions, by source. */
  readonly socketFunctions: ReadonlyMap<string, AppFunction>;
  /** Each stream consumer's function and the queue its failed records go to, by consumer name. */
  readonly streamConsumers: ReadonlyMap<string, { function: AppFunction; failures: Queue }>;

  constructor(scope: Construct, id: string, props: ChangeNoticesStackProps) {
    super(scope, id, props);
    const { config } = props;
    const socketFunction = (source: string, description: string) =>
      new AppFunction(this, pascalCase(source), { config, source, description, timeout: Duration.seconds(10) });
    const routes = socketFunction(SOCKET_API.handler, 'WebSocket routes: records and forgets the open sockets, closes those past their limits');
    const authorizer = socketFunction(SOCKET_API.authorizer.source, 'WebSocket authorizer: the single-use ticket on $connect');
    authorizer.function.addEnvironment('ORIGIN_VERIFY', props.originVerify.secretValue.unsafeUnwrap());
    this.socketFunctions = new Map([
      [SOCKET_API.handler, routes],
      [SOCKET_API.authorizer.source, authorizer],
    ]);

    const integration = new WebSocketLambdaIntegration('Routes', routes.function);
    const [connect, ...others] = SOCKET_API.routes;
    this.api = new WebSocketApi(this, 'SocketApi', {
      apiName: resourceName(config, 'sockets'),
      description: `Tempo change notices (${config.stage})`,
      connectRouteOptions: {
        integration,
        authorizer: new WebSocketLambdaAuthorizer('TokenAuthorizer', authorizer.function, {
          identitySource: [`route.request.querystring.${SOCKET_API.authorizer.queryParameter}`],
        }),
      },
    });
    for (const routeKey of others) {
      const route = this.api.addRoute(routeKey, { integration });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `${routeKey} belongs to a connection the authorizer let in at ${connect}; API Gateway authorizes a WebSocket on $connect only.`,
      });
    }

    this.stage = new WebSocketStage(this, 'Stage', { webSocketApi: this.api, stageName: SOCKET_API.stage, autoDeploy: true, throttle: SOCKET_THROTTLE });
    const domain = config.socketDomain && this.customDomain(config.socketDomain);
    this.endpoint = config.socketDomain ? `wss://${config.socketDomain.name}/${SOCKET_API.stage}` : this.stage.url;
    this.managementEndpoint = config.socketDomain ? `https://${config.socketDomain.name}` : this.stage.callbackUrl;
    Validations.of(this.stage).acknowledge({
      id: 'AwsSolutions-APIG1',
      reason:
        "A WebSocket stage's access logs need the account-wide API Gateway CloudWatch role, which one stage's stack must not take over; the authorizer and route functions log each connect and disconnect.",
    });

    const shared = { ...props.shared, sockets: { api: this.api, stage: this.stage, managementEndpoint: this.managementEndpoint } };
    for (const [source, fn] of this.socketFunctions) grantAccess(fn, SOCKET_ACCESS[source]!, shared);
    Validations.of(routes).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${this.connectionsArnAsNagShowsIt('DELETE')}]`,
      reason: "Closing any connection of the one stage: the user's oldest past the cap, or one past its frames; connections are made at run time.",
    });
    this.streamConsumers = new Map(
      STREAM_CONSUMERS.map((consumer) => {
        const fn = new AppFunction(this, consumer.name, {
          config,
          source: consumer.target,
          description: `${consumer.name}: ${consumer.description}`,
          timeout: Duration.seconds(30),
        });
        grantAccess(fn, STREAM_CONSUMER_ACCESS[consumer.target]!, shared);
        Validations.of(fn).acknowledge(
          {
            id: `AwsSolutions-IAM5[Resource::${this.connectionsArnAsNagShowsIt('POST')}]`,
            reason: 'Posting to any connection of the one stage: connections are made at run time, one per open tab.',
          },
          {
            id: `AwsSolutions-IAM5[Resource::${this.connectionsArnAsNagShowsIt('DELETE')}]`,
            reason: "Closing any connection of the one stage: a user's sockets when their sessions end; connections are made at run time.",
          },
          {
            id: 'AwsSolutions-IAM5[Resource::*]',
            reason: "dynamodb:ListStreams, which the event source mapping grants on * (it cannot name a stream); reading is on this table's stream only.",
          },
        );
        const failures = deadLetterQueue(this, `${consumer.name}Failures`, DEAD_LETTERS_HELD.streamRecords(consumer.target));
        fn.function.addEventSource(
          new DynamoEventSource(props.table, {
            startingPosition: StartingPosition.LATEST,
            batchSize: 100,
            maxBatchingWindow: Duration.seconds(0),
            // A record that keeps failing is set aside after a few tries rather than holding its shard up.
            retryAttempts: 3,
            maxRecordAge: Duration.hours(1),
            bisectBatchOnError: true,
            reportBatchItemFailures: true,
            onFailure: new SqsDlq(failures),
            filters: [FilterCriteria.filter(consumer.filter as Record<string, unknown>)],
          }),
        );
        return [consumer.name, { function: fn, failures }];
      }),
    );
    new CfnOutput(this, 'SocketUrl', { value: this.endpoint });
    // The sockets' domain must resolve to this (a CNAME, or a Route 53 alias) before CloudFront can reach it.
    if (domain) new CfnOutput(this, 'SocketDomainTarget', { value: domain.regionalDomainName });
  }

  /**
   * With the API's own domain, the sockets get one too, and their execute-api address, which went
   * around the edge's web ACL (refused only by the authorizer, a function run per attempt), is
   * switched off. The stage is mapped at its name, so CloudFront passes /ws on as it came; and at
   * the root, where the functions reach the @connections API (which is not served under a mapping's path).
   */
  private customDomain(socketDomain: NonNullable<AppConfig['socketDomain']>): DomainName {
    const domain = new DomainName(this, 'SocketDomain', {
      domainName: socketDomain.name,
      certificate: Certificate.fromCertificateArn(this, 'SocketCertificate', socketDomain.certificateArn),
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
    (this.api.node.defaultChild as CfnApi).disableExecuteApiEndpoint = true;
    new ApiMapping(this, 'SocketMapping', { api: this.api, domainName: domain, stage: this.stage, apiMappingKey: SOCKET_API.stage });
    new ApiMapping(this, 'ConnectionsMapping', { api: this.api, domainName: domain, stage: this.stage });
    return domain;
  }

  /** The ARN infra/access.ts grants posting on, with tokens written as cdk-nag writes them. */
  private connectionsArnAsNagShowsIt(method: 'POST' | 'DELETE'): string {
    const api = `<${this.getLogicalId(this.api.node.defaultChild as CfnElement)}>`;
    return arnAsNagShowsIt(this, 'execute-api', `${api}/${SOCKET_API.stage}/${method}/@connections/*`);
  }
}

/** `change-notices/authorizer` becomes `ChangeNoticesAuthorizer` (the functions' construct ids). */
function pascalCase(source: string): string {
  return source.replace(/(^|[-/])([a-z])/g, (_all, _separator: string, letter: string) => letter.toUpperCase());
}
