import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

/** The name mail from Tempo shows as its sender. */
export const SENDER_NAME = 'Tempo';

export interface EmailStackProps extends StackProps {
  senderEmail: string;
}

/** The SES identity mail is sent from; the functions that send get `ses:SendEmail` on it (infra/access.ts). */
export class EmailStack extends Stack {
  readonly sender: EmailIdentity;
  /** The From header the functions use (MAIL_FROM). */
  readonly mailFrom: string;

  constructor(scope: Construct, id: string, props: EmailStackProps) {
    super(scope, id, props);
    this.sender = new EmailIdentity(this, 'Sender', { identity: Identity.email(props.senderEmail) });
    this.mailFrom = `${SENDER_NAME} <${props.senderEmail}>`;
    new CfnOutput(this, 'SenderIdentityArn', { value: this.sender.emailIdentityArn });
  }
}
