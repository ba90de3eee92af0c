/**
 * Points the handlers' AWS SDK clients at the local engines. Handlers read only these standard
 * variables, so the same code runs in Lambda, where they are unset or set by the CDK.
 */
export function useLocalEndpoints(options: { dynamoEndpoint: string; busEndpoint: string; tableName: string }): void {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: options.dynamoEndpoint,
    AWS_ENDPOINT_URL_EVENTBRIDGE: options.busEndpoint,
    TABLE_NAME: options.tableName,
    EVENT_BUS_NAME: 'tempo-local',
    // This machine runs Node 20; Lambda runs the CDK's runtime. The SDK's notice would only add noise.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
}
