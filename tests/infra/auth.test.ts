import { parseJsonError, type HttpResponse } from '@aws-amplify/core/internals/aws-client-utils';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { COGNITO_TRIGGERS } from '../../functions/auth/triggers';
import { COGNITO_CALLS_PER_ADDRESS, PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { authErrorMessage } from '../../web/src/features/auth/lib/auth-messages';
import en from '../../web/src/i18n/en/public';
import { logicalId, tempoApp } from './tempo-app';

const SITE = 'https://tempo.example.com';
const plain = tempoApp();
const withGoogle = tempoApp({ googleClientId: 'client-id.apps.googleusercontent.com', siteUrl: SITE });
const template = Template.fromStack(plain.auth);

const onlyProperties = (from: Template, type: string) => {
  const found = Object.values(from.findResources(type));
  expect(found, type).toHaveLength(1);
  return found[0]!.Properties;
};

describe('user pool', () => {
  const pool = onlyProperties(template, 'AWS::Cognito::UserPool');

  it('sits behind a web ACL that limits the calls one address makes to Cognito, with a 429, and refuses its own password calls, with a 403', () => {
    const acl = onlyProperties(template, 'AWS::WAFv2::WebACL');
    expect(acl.Scope).toBe('REGIONAL');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    expect(acl.Rules).toEqual([
      expect.objectContaining({
        Action: {
          Block: {
            CustomResponse: {
              ResponseCode: 429,
              CustomResponseBodyKey: 'TooManyRequests',
              ResponseHeaders: [{ Name: 'access-control-allow-origin', Value: '*' }],
            },
          },
        },
        Statement: {
          RateBasedStatement: {
            AggregateKeyType: 'IP',
            Limit: COGNITO_CALLS_PER_ADDRESS.limit,
            EvaluationWindowSec: COGNITO_CALLS_PER_ADDRESS.windowSeconds,
            ScopeDownStatement: {
              NotStatement: {
                Statement: {
                  ByteMatchStatement: {
                    FieldToMatch: { Method: {} },
                    PositionalConstraint: 'EXACTLY',
                    SearchString: 'OPTIONS',
                    TextTransformations: [{ Priority: 0, Type: 'NONE' }],
                  },
                },
              },
            },
          },
        },
      }),
      expect.objectContaining({
        Action: {
          Block: {
            CustomResponse: {
              ResponseCode: 403,
              CustomResponseBodyKey: 'BlockedCall',
              ResponseHeaders: [{ Name: 'access-control-allow-origin', Value: '*' }],
            },
          },
        },
        Statement: {
          OrStatement: {
            Statements: ['forgotpassword', 'confirmforgotpassword', 'changepassword'].map((target) => ({
              ByteMatchStatement: {
                FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
                PositionalConstraint: 'ENDS_WITH',
                SearchString: `.${target}`,
                TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }],
              },
            })),
          },
        },
      }),
    ]);
    const association = onlyProperties(template, 'AWS::WAFv2::WebACLAssociation');
    const [poolId] = Object.keys(template.findResources('AWS::Cognito::UserPool'));
    const [aclId] = Object.keys(template.findResources('AWS::WAFv2::WebACL'));
    expect(association.ResourceArn).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
    expect(association.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('refuses in Cognito’s error shape, which Amplify turns into TooManyRequestsException and the sign-in form into our message', async () => {
    const acl = onlyProperties(template, 'AWS::WAFv2::WebACL');
    const body = acl.CustomResponseBodies.TooManyRequests;
    expect(body.ContentType).toBe('APPLICATION_JSON');
    // As the SPA's Amplify reads a Cognito answer of 429.
    const error = await parseJsonError({ statusCode: 429, headers: {}, body: { json: async () => JSON.parse(body.Content) } } as unknown as HttpResponse);
    expect(error?.name).toBe('TooManyRequestsException');
    expect(authErrorMessage(error, en)).toBe(MESSAGES.tooManyAuthRequests);
  });

  it('signs up anyone by email, verified by email', () => {
    expect(pool.UsernameAttributes).toEqual(['email']);
    expect(pool.AutoVerifiedAttributes).toEqual(['email']);
    expect(pool.AdminCreateUserConfig).toEqual({ AllowAdminCreateUserOnly: false });
    expect(pool.Schema).toContainEqual({ Name: 'name', Required: true, Mutable: true });
  });

  it('asks for the password strength the sign-up form checks', () => {
    expect(pool.Policies.PasswordPolicy).toEqual({
      MinimumLength: PASSWORD_MIN_LENGTH,
      RequireLowercase: true,
      RequireUppercase: true,
      RequireNumbers: true,
      RequireSymbols: true,
    });
  });

  it('runs every trigger of functions/auth/triggers.ts, each on its own function', () => {
    expect(Object.keys(pool.LambdaConfig).sort()).toEqual(Object.keys(COGNITO_TRIGGERS).sort());
    for (const [trigger, target] of plain.auth.triggers) {
      expect(pool.LambdaConfig[trigger]).toEqual({ 'Fn::GetAtt': [logicalId(target.function), 'Arn'] });
    }
  });

  it('is protected from deletion and retained in prod only', () => {
    const prod = Template.fromStack(tempoApp({ stage: 'prod' }).auth);
    expect(onlyProperties(prod, 'AWS::Cognito::UserPool').DeletionProtection).toBe('ACTIVE');
    prod.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
    expect(pool.DeletionProtection).toBe('INACTIVE');
  });
});

describe('web client', () => {
  it('has no secret and allows password, SRP and refresh-token sign-in', () => {
    const client = onlyProperties(template, 'AWS::Cognito::UserPoolClient');
    expect(client.GenerateSecret).toBe(false);
    expect([...client.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']);
  });

  it('has no hosted-UI flows and no Google without a googleClientId', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    const client = onlyProperties(template, 'AWS::Cognito::UserPoolClient');
    expect(client.SupportedIdentityProviders).toEqual(['COGNITO']);
    expect(client.AllowedOAuthFlowsUserPoolClient).toBe(false);
  });

  it('signs in with Google through the hosted UI when googleClientId is given, back to the dashboard', () => {
    const google = Template.fromStack(withGoogle.auth);
    const provider = onlyProperties(google, 'AWS::Cognito::UserPoolIdentityProvider');
    expect(provider.ProviderName).toBe('Google');
    expect(provider.ProviderDetails.client_id).toBe('client-id.apps.googleusercontent.com');
    expect(JSON.stringify(provider.ProviderDetails.client_secret)).toContain('{{resolve:secretsmanager:');
    expect(JSON.stringify(provider.ProviderDetails.client_secret)).toContain(logicalId(withGoogle.secrets.googleClientSecret));
    const client = onlyProperties(google, 'AWS::Cognito::UserPoolClient');
    expect(client.SupportedIdentityProviders).toEqual(['COGNITO', 'Google']);
    expect(client.AllowedOAuthFlows).toEqual(['code']);
    expect(client.CallbackURLs).toEqual([`${SITE}/dashboard`]);
    expect(client.LogoutURLs).toEqual([`${SITE}/signout`]);
    expect(withGoogle.auth.webConfig.googleSignIn?.domain).toMatch(/\.auth\.eu-west-1\.amazoncognito\.com$/);
  });

  it('lets a person write only their name, and Google the address and picture it maps, never a password user the address', () => {
    expect(onlyProperties(template, 'AWS::Cognito::UserPoolClient').WriteAttributes).toEqual(['name']);
    expect([...onlyProperties(Template.fromStack(withGoogle.auth), 'AWS::Cognito::UserPoolClient').WriteAttributes].sort()).toEqual([
      'email',
      'name',
      'picture',
    ]);
    // Google's picture is the user view's avatar_url.
    expect(onlyProperties(Template.fromStack(withGoogle.auth), 'AWS::Cognito::UserPoolIdentityProvider').AttributeMapping).toMatchObject({
      picture: 'picture',
    });
    // Where the client may write it, a new address counts only once verified: the verified one stays until then.
    for (const app of [template, Template.fromStack(withGoogle.auth)]) {
      expect(onlyProperties(app, 'AWS::Cognito::UserPool').UserAttributeUpdateSettings).toEqual({ AttributesRequireVerificationBeforeUpdate: ['email'] });
    }
  });

  it('refuses Google without the site address to return to', () => {
    expect(() => tempoApp({ googleClientId: 'client-id' })).toThrow(/siteUrl/);
  });
});

describe('secrets and mail', () => {
  const secrets = Template.fromStack(plain.secrets);

  it('holds placeholders for the ElevenLabs key, the Google client secret, the error-reporting DSN and the VAPID key pair, a generated key for Google tokens and the origin secret', () => {
    const names = Object.values(secrets.findResources('AWS::SecretsManager::Secret')).map((secret) => secret.Properties.Name);
    expect(names.sort()).toEqual([
      'tempo-dev-elevenlabs-api-key',
      'tempo-dev-google-client-secret',
      'tempo-dev-google-token-key',
      'tempo-dev-origin-verify',
      'tempo-dev-sentry-dsn',
      'tempo-dev-web-push-vapid',
    ]);
  });

  it('lets only the Google Calendar functions (the mirror’s reconciler and the watch channels’ among them, and an account’s deletion, the demo clean-up’s too, which revokes a grant) read the Google secrets, the webhooks’ functions the token key too, which seals their secrets, and only the voice handler the ElevenLabs key', () => {
    const policies = [plain.api, plain.events, plain.auth].flatMap((stack) => Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy')));
    const readers = (secret: Parameters<typeof logicalId>[0]) =>
      policies
        .filter((policy) => JSON.stringify(policy).includes(logicalId(secret)))
        .flatMap((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).map((role) => role.Ref))
        .sort();
    const googleFunctions = [
      plain.api.handlers.get('gcal')!,
      plain.events.consumers.get('MirrorEventsToGoogle')!,
      plain.events.consumers.get('FirstGoogleSync')!,
      plain.events.consumers.get('WatchGoogleCalendar')!,
      plain.events.consumers.get('SyncNotifiedGoogleChanges')!,
      plain.events.scheduled.get('DeleteExpiredDemos')!,
      plain.events.consumers.get('DeleteAccounts')!,
      plain.events.scheduled.get('MirrorWaitingChangesToGoogle')!,
      plain.events.scheduled.get('RenewGoogleWatchChannels')!,
    ];
    // The token key also seals the webhooks' signing secrets: their handler and their deliveries open them.
    const webhookFunctions = [plain.api.handlers.get('webhooks')!, plain.events.consumers.get('DeliverWebhooks')!, plain.events.webhookRetries.fire];
    const roles = (functions: typeof googleFunctions) => functions.map((target) => logicalId(target.role)).sort();
    expect(readers(plain.secrets.elevenLabsApiKey)).toEqual([logicalId(plain.api.handlers.get('voice')!.role)]);
    expect(readers(plain.secrets.googleClientSecret)).toEqual(roles(googleFunctions));
    expect(readers(plain.secrets.googleTokenKey)).toEqual(roles([...googleFunctions, ...webhookFunctions]));
  });

  it('makes the SES identity only when senderEmail is given', () => {
    expect(plain.email).toBeUndefined();
    const email = tempoApp({ senderEmail: 'tempo@example.com' }).email!;
    Template.fromStack(email).hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'tempo@example.com' });
  });

  it('leaves Cognito’s mail to Cognito until cognitoMailFromSender moves it to the verified SES sender', () => {
    const poolOf = (context: Record<string, unknown>) =>
      Object.values(Template.fromStack(tempoApp(context).auth).findResources('AWS::Cognito::UserPool'))[0]!.Properties;
    expect(poolOf({ senderEmail: 'tempo@example.com' }).EmailConfiguration).toBeUndefined();
    expect(poolOf({ senderEmail: 'tempo@example.com', cognitoMailFromSender: 'true' }).EmailConfiguration).toEqual({
      EmailSendingAccount: 'DEVELOPER',
      From: 'Tempo <tempo@example.com>',
      SourceArn: 'arn:aws:ses:eu-west-1:123456789012:identity/tempo@example.com',
    });
    expect(() => tempoApp({ cognitoMailFromSender: 'true' })).toThrow(/give senderEmail/);
  });
});
