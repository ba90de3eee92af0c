import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolEmail,
  UserPoolClientIdentityProvider,
  UserPoolIdentityProviderGoogle,
  UserPoolOperation,
  type OAuthSettings,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { BLOCKED_COGNITO_CALL, BLOCKED_COGNITO_TARGETS, COGNITO_TRIGGERS, type CognitoTrigger } from '../../functions/auth/triggers';
import { COGNITO_CALLS_PER_ADDRESS, PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import type { WebConfig } from '../../shared/web-config';
import { grantAccess, TRIGGER_ACCESS, type SharedResources } from '../access';
import { resourceName, type AppConfig } from '../config';
import { SENDER_NAME } from './email-stack';
import { AppFunction } from '../constructs/app-function';

const TOO_MANY_REQUESTS = 'TooManyRequests';
const BLOCKED_CALL = 'BlockedCall';

export interface AuthStackProps extends StackProps {
  config: AppConfig;
  googleClientSecret: ISecret;
  /** For the triggers that keep settings and sign-in attempts in it. */
  table: ITable;
  /** Where the triggers report errors, as every function does (infra/access.ts). */
  errorReporting: NonNullable<SharedResources['errorReporting']>;
}

/** The Cognito operation each trigger of functions/auth/triggers.ts serves. */
const TRIGGER_OPERATIONS: Record<CognitoTrigger, UserPoolOperation> = {
  CustomMessage: UserPoolOperation.CUSTOM_MESSAGE,
  PostConfirmation: UserPoolOperation.POST_CONFIRMATION,
  PreAuthentication: UserPoolOperation.PRE_AUTHENTICATION,
  PostAuthentication: UserPoolOperation.POST_AUTHENTICATION,
  PreTokenGeneration: UserPoolOperation.PRE_TOKEN_GENERATION,
  PreSignUp: UserPoolOperation.PRE_SIGN_UP,
};

/** The Cognito user pool the SPA signs in to and the API's JWT authorizer trusts. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  readonly triggers: ReadonlyMap<CognitoTrigger, AppFunction>;
  /** What the SPA reads from /config.json to sign in here (shared/web-config.ts); the app adds whether voice is on. */
  readonly webConfig: Omit<WebConfig, 'voice' | 'errorReporting' | 'webPush'>;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true }, fullname: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // An address written through the client (only Google's mapping may, below) becomes the
      // account's once verified; until then the verified one stays, in the tokens too.
      keepOriginal: { email: true },
      ...(config.cognitoMailFromSender && config.senderEmail
        ? { email: UserPoolEmail.withSES({ fromEmail: config.senderEmail, fromName: SENDER_NAME, sesRegion: this.region }) }
        : {}),
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: config.deletionProtection,
      removalPolicy: config.removalPolicy,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason: 'Tempo signs in with email and password or Google; MFA is not part of it yet.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Essentials tier: the Plus tier (threat protection) is billed per active user, a cost decision deferred until the product has users.',
      },
    );

    this.triggers = this.addTriggers(props);

    // Created in every stage so its address is known before the Google client is registered.
    const domain = this.userPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: config.authDomainPrefix ?? `tempo-${config.stage}-${this.account}` },
    });
    const google = config.googleClientId && this.addGoogle(config.googleClientId, props.googleClientSecret);

    this.webClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // USER_PASSWORD_AUTH for the local stack's cognito-local, SRP for Amplify against Cognito.
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      // A person changes only their name through the client: an address changed there would
      // escape what is keyed by it (a demo account's clean-up once was). Cognito writes Google's
      // address and picture on each Google sign-in through this client, and refuses to unless it may; so with
      // Google the client may write them, and the pool keeps the verified address until the new one is
      // (keepOriginal above). Nothing trusts a browser by the address: trusted browsers are keyed by `sub`.
      writeAttributes: new ClientAttributes().withStandardAttributes({ fullname: true, email: Boolean(google), profilePicture: Boolean(google) }),
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO, ...(google ? [UserPoolClientIdentityProvider.GOOGLE] : [])],
      ...(google && config.siteUrl ? { oAuth: hostedUiOAuth(config.siteUrl) } : { disableOAuth: true }),
    });
    if (google) this.webClient.node.addDependency(google);

    this.webConfig = {
      region: this.region,
      userPoolId: this.userPool.userPoolId,
      userPoolClientId: this.webClient.userPoolClientId,
      userPoolEndpoint: null,
      googleSignIn: google ? { domain: `${domain.domainName}.auth.${this.region}.amazoncognito.com` } : null,
    };

    this.limitCallsPerAddress(config);
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'WebClientId', { value: this.webClient.userPoolClientId });
    new CfnOutput(this, 'HostedUiUrl', { value: domain.baseUrl() });
  }

  /** One function per trigger; they get no user pool access, which would make the pool depend on itself. */
  /**
   * A web ACL on the user pool: one address may call Cognito only so often (sign-in, sign-up,
   * refresh, reset), so that no script can guess or sign up in bulk from one place. The sign-in
   * throttle's trigger counts per account and browser; this counts per address, which the trigger
   * cannot see. Past the limit WAF answers 429. And Cognito's own password calls
   * (BLOCKED_COGNITO_TARGETS, named by the x-amz-target header, in any case) are refused with 403,
   * so that a password is reset only through the app's rules.
   */
  private limitCallsPerAddress(config: AppConfig): void {
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
    const acl = new CfnWebACL(this, 'UserPoolWebAcl', {
      name: resourceName(config, 'user-pool'),
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('tempo-user-pool'),
      // Cognito's own error shape, readable by the SPA on another origin, so that Amplify raises
      // TooManyRequestsException with our message rather than failing to read the answer.
      customResponseBodies: {
        [TOO_MANY_REQUESTS]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ __type: 'TooManyRequestsException', message: MESSAGES.tooManyAuthRequests }),
        },
        [BLOCKED_CALL]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ __type: BLOCKED_COGNITO_CALL.type, message: BLOCKED_COGNITO_CALL.message }),
        },
      },
      rules: [
        {
          name: 'calls-per-address',
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: TOO_MANY_REQUESTS,
                responseHeaders: [{ name: 'access-control-allow-origin', value: '*' }],
              },
            },
          },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: COGNITO_CALLS_PER_ADDRESS.limit,
              evaluationWindowSec: COGNITO_CALLS_PER_ADDRESS.windowSeconds,
              // A refused CORS preflight would hide the answer from the page: preflights go on to Cognito.
              scopeDownStatement: {
                notStatement: {
                  statement: {
                    byteMatchStatement: {
                      fieldToMatch: { method: {} },
                      positionalConstraint: 'EXACTLY',
                      searchString: 'OPTIONS',
                      textTransformations: [{ priority: 0, type: 'NONE' }],
                    },
                  },
                },
              },
            },
          },
          visibilityConfig: visibility('tempo-user-pool-calls-per-address'),
        },
        {
          name: 'password-calls-around-the-app',
          priority: 10,
          action: {
            block: {
              customResponse: {
                responseCode: 403,
                customResponseBodyKey: BLOCKED_CALL,
                responseHeaders: [{ name: 'access-control-allow-origin', value: '*' }],
              },
            },
          },
          statement: {
            orStatement: {
              statements: BLOCKED_COGNITO_TARGETS.map((target) => ({
                byteMatchStatement: {
                  fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
                  positionalConstraint: 'ENDS_WITH',
                  searchString: `.${target.toLowerCase()}`,
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              })),
            },
          },
          visibilityConfig: visibility('tempo-user-pool-password-calls'),
        },
      ],
    });
    new CfnWebACLAssociation(this, 'UserPoolWebAclAssociation', { resourceArn: this.userPool.userPoolArn, webAclArn: acl.attrArn });
  }

  private addTriggers({ config, table, errorReporting }: AuthStackProps): Map<CognitoTrigger, AppFunction> {
    const triggers = new Map<CognitoTrigger, AppFunction>();
    // By name: the events stack, which makes the bus, is built from this stack's user pool.
    const bus = EventBus.fromEventBusName(this, 'Bus', resourceName(config, 'bus'));
    for (const [trigger, source] of Object.entries(COGNITO_TRIGGERS) as Array<[CognitoTrigger, string]>) {
      const fn = new AppFunction(this, `${trigger}Trigger`, {
        config,
        source,
        description: `Cognito ${trigger} trigger`,
        // Cognito gives a trigger 5 seconds before it fails the sign-up or sign-in.
        timeout: Duration.seconds(5),
      });
      grantAccess(fn, TRIGGER_ACCESS[trigger], { table, bus, siteUrl: config.siteUrl, errorReporting });
      this.userPool.addTrigger(TRIGGER_OPERATIONS[trigger], fn.function);
      triggers.set(trigger, fn);
    }
    return triggers;
  }

  private addGoogle(clientId: string, clientSecret: ISecret): UserPoolIdentityProviderGoogle {
    return new UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId,
      clientSecretValue: clientSecret.secretValue,
      scopes: ['openid', 'email', 'profile'],
      // The picture is the user view's avatar_url (web/src/components/layouts/profile.ts).
      attributeMapping: { email: ProviderAttribute.GOOGLE_EMAIL, fullname: ProviderAttribute.GOOGLE_NAME, profilePicture: ProviderAttribute.GOOGLE_PICTURE },
    });
  }
}

/** The hosted UI's code flow for Google sign-in, at the addresses the SPA's Amplify config names. */
function hostedUiOAuth(siteUrl: string): OAuthSettings {
  return {
    flows: { authorizationCodeGrant: true },
    scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
    callbackUrls: [`${siteUrl}/dashboard`],
    logoutUrls: [`${siteUrl}/signout`],
  };
}
