import { Tags, Token, type App, type Environment } from 'aws-cdk-lib';
import { readConfig, stackName, type AppConfig } from './config';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { ChangeNoticesStack } from './stacks/change-notices-stack';
import { DataStack } from './stacks/data-stack';
import { EDGE_REGION, EdgeStack } from './stacks/edge-stack';
import { EmailStack } from './stacks/email-stack';
import { EventsStack } from './stacks/events-stack';
import { SecretsStack } from './stacks/secrets-stack';
import { WebStack } from './stacks/web-stack';

export interface TempoStacks {
  config: AppConfig;
  secrets: SecretsStack;
  auth: AuthStack;
  data: DataStack;
  events: EventsStack;
  api: ApiStack;
  changeNotices: ChangeNoticesStack;
  email?: EmailStack;
  /** Absent from an environment-agnostic synth: its web ACL is referenced across regions, which needs a known region. */
  edge?: EdgeStack;
  web: WebStack;
}

/** Builds every stack of one stage into `app`, configured from its context (infra/config.ts). */
export function createTempo(app: App, env?: Environment): TempoStacks {
  const config = readConfig(app.node);
  const base = { config, env, terminationProtection: config.terminationProtection };
  const name = (stack: string) => stackName(config, stack);

  const secrets = new SecretsStack(app, name('Secrets'), base);
  const data = new DataStack(app, name('Data'), base);
  const errorReporting = { dsn: secrets.sentryDsn, release: config.release, environment: config.stage };
  const auth = new AuthStack(app, name('Auth'), { ...base, googleClientSecret: secrets.googleClientSecret, table: data.table, errorReporting });
  const email = config.senderEmail ? new EmailStack(app, name('Email'), { ...base, senderEmail: config.senderEmail }) : undefined;
  const shared = {
    table: data.table,
    auth: { userPool: auth.userPool, webClient: auth.webClient },
    mail: email && { identity: email.sender, from: email.mailFrom },
    siteUrl: config.siteUrl,
    google: { clientId: config.googleClientId, clientSecret: secrets.googleClientSecret, tokenKey: secrets.googleTokenKey },
    elevenLabs: { agentId: config.elevenLabsAgentId, apiKey: secrets.elevenLabsApiKey },
    webPush: { vapid: secrets.webPushVapid },
    errorReporting,
  };
  const events = new EventsStack(app, name('Events'), { ...base, shared });
  const api = new ApiStack(app, name('Api'), {
    ...base,
    shared: { ...shared, bus: events.bus, reminders: events.reminders },
    originVerify: secrets.originVerify,
  });
  // Still 'Push': the deployed stack's name, whose exports the web stack imports; a new name would be a new stack.
  const changeNotices = new ChangeNoticesStack(app, name('Push'), {
    ...base,
    shared: { ...shared, bus: events.bus },
    table: data.table,
    originVerify: secrets.originVerify,
  });
  // Voice is on once an agent is named; its key can only be checked by calling ElevenLabs.
  // The browser's DSN is public by design (it only lets one send events), so it is context, not a secret.
  const webConfig = {
    ...auth.webConfig,
    voice: Boolean(config.elevenLabsAgentId),
    errorReporting: config.sentryDsn ? { dsn: config.sentryDsn, release: config.release, environment: config.stage } : null,
    webPush: config.webPushPublicKey ? { publicKey: config.webPushPublicKey } : null,
  };
  const region = env?.region;
  const edge = region && !Token.isUnresolved(region) ? new EdgeStack(app, name('Edge'), { ...base, env: { ...env, region: EDGE_REGION } }) : undefined;
  const web = new WebStack(app, name('Web'), {
    ...base,
    apiEndpoint: api.endpoint,
    socketEndpoint: changeNotices.endpoint,
    originVerify: secrets.originVerify,
    webConfig,
    ...(edge ? { webAclArn: edge.webAclArn, crossRegionReferences: region !== EDGE_REGION } : {}),
  });

  Tags.of(app).add('app', 'tempo');
  Tags.of(app).add('stage', config.stage);
  return { config, secrets, auth, data, events, api, changeNotices, email, edge, web };
}
