import { Token, type Stack } from 'aws-cdk-lib';

/**
 * An ARN of the stack's account and region as cdk-nag writes it in a finding's id (its tokens as
 * `<AWS::Partition>`…), for acknowledging a grant on resources made at run time.
 */
export function arnAsNagShowsIt(stack: Stack, service: string, resource: string): string {
  const shown = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
  return `arn:${shown(stack.partition, 'Partition')}:${service}:${shown(stack.region, 'Region')}:${shown(stack.account, 'AccountId')}:${resource}`;
}
