import { Duration, Validations } from 'aws-cdk-lib';
import { ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { AppConfig } from '../config';
import { functionEntry, LOCK_FILE, REPO_ROOT } from '../paths';

/**
 * Lambda deprecated nodejs20.x on 2026-04-30, so functions run on Node 22 (LTS). The code is
 * tested on this machine's Node 20 and uses nothing that differs between the two.
 */
const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;

/** esbuild's ESM output has no `require`; bundled CommonJS dependencies still call it. */
const REQUIRE_SHIM = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

export interface AppFunctionProps {
  config: AppConfig;
  /** The source under functions/ without the extension, e.g. `items/handler`. */
  source: string;
  description: string;
  timeout: Duration;
  /** Where Lambda puts asynchronous invocations that failed every retry. */
  deadLetterQueue?: IQueue;
  /** A name of its own, for a function whose ARN must be known before it exists (one that schedules itself). */
  functionName?: string;
  /** False for a function whose errors are answers (the API authorizer's 401s), which the errors alarm would cry wolf at. */
  alarmOnErrors?: boolean;
}

/**
 * One Lambda function of the app: Node on ARM, bundled locally by esbuild, its own log group, and a
 * role of its own that starts with nothing but writing those logs, so each grant is deliberate.
 */
export class AppFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
    });
    // A role without AWSLambdaBasicExecutionRole, whose log permissions span every log group.
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: functionEntry(props.source),
      handler: 'handler',
      description: props.description,
      functionName: props.functionName,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout,
      role: this.role,
      logGroup,
      deadLetterQueue: props.deadLetterQueue,
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      environment: { NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: REQUIRE_SHIM,
        minify: true,
        sourceMap: true,
        // The SDK version the tests ran against, not whichever one the runtime ships.
        bundleAwsSDK: true,
      },
    });

    if (props.alarmOnErrors !== false) {
      this.function.metricErrors({ period: Duration.minutes(5) }).createAlarm(this, 'ErrorsAlarm', {
        alarmDescription: `${props.source} threw or timed out`,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    }

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the newest LTS line the toolchain is verified against (tests run on Node 20; @middy/core 6 and vitest 4 support 20 and 22); FUNCTION_RUNTIME moves to 24 with the toolchain.',
    });
  }
}
