import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createTempo } from './tempo';

/** `cdk synth|deploy -c stage=dev|prod`: the account and region come from the AWS CLI profile. */
const app = new App();
createTempo(app, { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION });
// Unacknowledged findings fail the synth, as they fail tests/infra/nag.test.ts.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
