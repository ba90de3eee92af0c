import { CfnOutput, DefaultStackSynthesizer, Duration, Fn, RemovalPolicy, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type BucketProps, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { join } from 'node:path';
import type { Construct } from 'constructs';
import { CALENDAR_FEED } from '../../shared/calendar-feed';
import { contentSecurityPolicy } from '../../shared/content-security-policy';
import { NOINDEX_HEADER, NOINDEX_PATHS, robotsTxt, sitemapXml } from '../../shared/search-engines';
import { ELEVENLABS_API_DEFAULT } from '../../shared/voice';
import { cognitoEndpoint, type WebConfig } from '../../shared/web-config';
import { ORIGIN_VERIFY_HEADER } from '../../functions/platform/origin';
import { routesByKey } from '../../functions/routes';
import { CHANGE_SOCKET_PATH } from '../../shared/constants';
import type { AppConfig } from '../config';

export interface WebStackProps extends StackProps {
  config: AppConfig;
  /** Where CloudFront reaches the HTTP API (ApiStack.endpoint). */
  apiEndpoint: string;
  /** Where CloudFront opens the WebSocket API's stage, served at CHANGE_SOCKET_PATH (ChangeNoticesStack.endpoint). */
  socketEndpoint: string;
  /** Written as /config.json beside the built SPA. */
  webConfig: WebConfig;
  /** Added by CloudFront to each request to the API, which refuses requests without it. */
  originVerify: ISecret;
  /** The edge stack's web ACL (infra/stacks/edge-stack.ts); none in an environment-agnostic synth. */
  webAclArn?: string;
}

/**
 * Sends every path without a file extension (a client-side route such as /dashboard) to the SPA's
 * index.html. A viewer-request function on the bucket's behavior only, because CloudFront's error
 * responses would apply to the whole distribution and turn the API's JSON 404s into index.html.
 */
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.split('/').pop();
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** Where an outside assistant reaches the MCP server: a path of its own, beside /api/*. */
const MCP_PATH = routesByKey.get('POST /mcp')!.path;

/** The SPA from a private bucket and the API under /api/* and /mcp, on one CloudFront origin for the browser. */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  /** What /config.json holds. */
  readonly webConfig: WebConfig;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.webConfig = props.webConfig;
    const logs = this.logBucket(config);
    const site = privateBucket(this, 'SiteBucket', config, { serverAccessLogsBucket: logs, serverAccessLogsPrefix: 'site-bucket/' });
    const responseHeadersPolicy = this.securityHeaders('SecurityHeaders', 'Security headers of the Tempo SPA and API');
    const spaBehavior = {
      origin: S3BucketOrigin.withOriginAccessControl(site),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      functionAssociations: [
        {
          eventType: FunctionEventType.VIEWER_REQUEST,
          function: new CloudFrontFunction(this, 'SpaFallback', {
            code: FunctionCode.fromInline(SPA_FALLBACK),
            runtime: FunctionRuntime.JS_2_0,
            comment: 'Client-side routes to index.html',
          }),
        },
      ],
    };
    const noindexHeadersPolicy = this.securityHeaders('NoindexHeaders', 'Security headers of the Tempo pages kept out of search engines', NOINDEX_HEADER);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Tempo ${config.stage}`,
      defaultRootObject: 'index.html',
      defaultBehavior: { ...spaBehavior, responseHeadersPolicy },
      additionalBehaviors: {
        ...Object.fromEntries(NOINDEX_PATHS.map((path) => [path, { ...spaBehavior, responseHeadersPolicy: noindexHeadersPolicy }])),
        '/api/*': { ...apiGatewayBehavior(props.apiEndpoint, props.originVerify), allowedMethods: AllowedMethods.ALLOW_ALL, responseHeadersPolicy },
        // The MCP server (functions/mcp/): an outside assistant posts to /mcp itself, as its clients are configured.
        [MCP_PATH]: { ...apiGatewayBehavior(props.apiEndpoint, props.originVerify), allowedMethods: AllowedMethods.ALLOW_ALL, responseHeadersPolicy },
        // The calendar feed: never kept at the edge, so a replaced or switched-off address stops
        // answering at once; each poll reaches the function, which answers a 304 to an unchanged
        // feed's ETag (If-None-Match goes along with the viewer's other headers).
        [`${CALENDAR_FEED.pathPrefix}*`]: {
          ...apiGatewayBehavior(props.apiEndpoint, props.originVerify),
          // webcal:// is http:// to the calendar apps that open it: they are sent on to https.
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          responseHeadersPolicy,
        },
        // The change notices' WebSocket: the stage is named as this path, so the path goes as it is.
        // The single-use ticket travels in the query string, which the policy passes on with the upgrade's headers.
        [CHANGE_SOCKET_PATH]: apiGatewayBehavior(props.socketEndpoint, props.originVerify),
      },
      ...(config.domain
        ? {
            domainNames: [config.domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', config.domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      httpVersion: HttpVersion.HTTP2_AND_3,
      // IPv4 only: the web ACL counts an address as the handlers do, an IPv6 host by its /64, which
      // WAF cannot (infra/stacks/edge-stack.ts); without AAAA records no browser comes over IPv6.
      enableIpv6: false,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
    });
    this.acknowledgeDistributionFindings(config, Boolean(props.webAclArn));

    const siteUrl = `https://${config.domain?.name ?? this.distribution.distributionDomainName}`;
    if (config.webDist) this.upload(config.webDist, props.webConfig, site, siteUrl);
    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
  }

  /** Access logs of the site bucket and the distribution; CloudFront's standard logs need ACLs. */
  private logBucket(config: AppConfig): Bucket {
    const logs = privateBucket(this, 'LogBucket', config, {
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(config.accessLogExpiryDays) }],
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket is where the access logs go; logging its own access would log into itself.',
    });
    return logs;
  }

  private securityHeaders(id: string, comment: string, extraHeader?: { name: string; value: string }): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, id, {
      comment,
      ...(extraHeader ? { customHeadersBehavior: { customHeaders: [{ header: extraHeader.name, value: extraHeader.value, override: true }] } } : {}),
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            cognito: cognitoEndpoint(this.region),
            googleSignIn: this.webConfig.googleSignIn ? `https://${this.webConfig.googleSignIn.domain}` : null,
            voiceApiBase: ELEVENLABS_API_DEFAULT,
            errorReportingDsn: this.webConfig.errorReporting?.dsn ?? null,
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });
  }

  private acknowledgeDistributionFindings(config: AppConfig, hasWebAcl: boolean): void {
    Validations.of(this.distribution).acknowledge({ id: 'AwsSolutions-CFR1', reason: 'The product is offered worldwide; no country is to be excluded.' });
    if (!hasWebAcl) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'An environment-agnostic synth has no web ACL: the edge stack is in us-east-1 and referenced across regions, which needs a known region. A deploy (infra/app.ts) names its region and gets one.',
      });
    }
    if (!config.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution serves *.cloudfront.net with the default certificate, which cannot set a minimum TLS version; with domainName it uses TLSv1.2_2021.',
      });
    }
  }

  /**
   * Uploads the built SPA in two parts. The hashed files under assets/ first, cached for good by
   * browsers and kept after later deploys (a tab still running the previous build loads its
   * chunks). Then the rest, which browsers check each time: index.html, the files of web/public,
   * /config.json, /robots.txt and /sitemap.xml (values known at deploy time); the cache is
   * invalidated, so a deploy shows the new build at once.
   */
  private upload(webDist: string, webConfig: WebConfig, site: Bucket, siteUrl: string): void {
    const assets = new BucketDeployment(this, 'UploadAssets', {
      sources: [Source.asset(join(webDist, 'assets'))],
      destinationBucket: site,
      destinationKeyPrefix: 'assets/',
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      memoryLimit: 512,
    });
    const pages = new BucketDeployment(this, 'Upload', {
      sources: [
        Source.asset(webDist, { exclude: ['assets'] }),
        Source.jsonData('config.json', webConfig),
        Source.data('robots.txt', robotsTxt(siteUrl)),
        Source.data('sitemap.xml', sitemapXml(siteUrl)),
      ],
      destinationBucket: site,
      // Pruning leaves the assets alone.
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    pages.node.addDependency(assets);
    this.acknowledgeUploadFindings(assets, site);
    this.acknowledgeUploadFindings(pages, site);
  }

  /**
   * The upload runs in aws-cdk-lib's own handler function, whose runtime and grants the library
   * decides. cdk-nag names each wildcard finding exactly, so the resource ones are spelled here the
   * way it prints them (tokens as <Ref>, the asset bucket as the bootstrap names it).
   */
  private acknowledgeUploadFindings(deployment: BucketDeployment, site: Bucket): void {
    // The role is created inside the handler function, so its scope holds the function too.
    const handler = deployment.handlerRole.node.scope;
    if (!handler) throw new Error('The BucketDeployment handler role has no enclosing function');
    const siteBucketId = this.getLogicalId(site.node.defaultChild as CfnBucket);
    const libraryGrant = 'granted by aws-cdk-lib BucketDeployment, which copies the built SPA from the CDK asset bucket into the site bucket';
    Validations.of(handler).acknowledge(
      { id: 'AwsSolutions-L1', reason: 'The BucketDeployment handler is aws-cdk-lib code; the library picks and updates its runtime.' },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'aws-cdk-lib gives its BucketDeployment handler the basic execution role for its own logs; it runs only during deploys.',
      },
      ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: `${action} on the asset and site buckets only, ${libraryGrant}.`,
      })),
      {
        id: `AwsSolutions-IAM5[Resource::${this.assetBucketObjects()}]`,
        reason: `Objects of the CDK bootstrap asset bucket, ${libraryGrant}.`,
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`,
        reason: `Every object of the site bucket: a deploy replaces the whole SPA; ${libraryGrant}.`,
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'cloudfront:CreateInvalidation and GetInvalidation, which aws-cdk-lib grants on * to invalidate the distribution after an upload.',
      },
    );
  }

  /** The bootstrap asset bucket's objects as cdk-nag prints them: what the stack does not know as <Ref>. */
  private assetBucketObjects(): string {
    const printed = (value: string, ref: string) => (Token.isUnresolved(value) ? `<${ref}>` : value);
    const partition = printed(this.partition, 'AWS::Partition');
    const account = printed(this.account, 'AWS::AccountId');
    const region = printed(this.region, 'AWS::Region');
    return `arn:${partition}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${region}/*`;
  }
}

/** A bucket nobody reaches but through CloudFront or AWS services: no public access, TLS only. */
function privateBucket(scope: Construct, id: string, config: AppConfig, extra: BucketProps): Bucket {
  return new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: BucketEncryption.S3_MANAGED,
    removalPolicy: config.removalPolicy,
    autoDeleteObjects: config.removalPolicy === RemovalPolicy.DESTROY,
    ...extra,
  });
}

/**
 * A behavior in front of an API Gateway endpoint (`https://…` or `wss://…`): TLS 1.2 to it, with the
 * header the functions check; nothing cached, so the Authorization header (or the socket's token)
 * may travel with every viewer header but Host.
 */
function apiGatewayBehavior(endpoint: string, originVerify: ISecret) {
  return {
    origin: new HttpOrigin(Fn.select(2, Fn.split('/', endpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerify.secretValue.unsafeUnwrap() },
    }),
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    cachePolicy: CachePolicy.CACHING_DISABLED,
    originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
  };
}
