import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { ConfigurationSet, EmailIdentity, EmailSendingEvent, EventDestination, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

/** The name mail from Tempo shows as its sender. */
export const SENDER_NAME = 'Tempo';

export interface EmailStackProps extends StackProps {
  senderEmail: string;
}

/**
 * The SES identity mail is sent from; the functions that send get `ses:SendEmail` on it
 * (infra/access.ts). Its default configuration set reports every mail's hard bounces and
 * complaints to the account's default event bus (the only one SES puts on), where the rule
 * SuppressBouncedMail (events/rules.ts) hands them to reminders/mail-feedback: no reminder is
 * mailed to such an address again, which keeps the sending account, and with it every reset and
 * verification mail, in good standing.
 */
export class EmailStack extends Stack {
  readonly sender: EmailIdentity;
  /** The From header the functions use (MAIL_FROM). */
  readonly mailFrom: string;

  constructor(scope: Construct, id: string, props: EmailStackProps) {
    super(scope, id, props);
    const feedback = new ConfigurationSet(this, 'Feedback');
    feedback.addEventDestination('ToDefaultBus', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    this.sender = new EmailIdentity(this, 'Sender', { identity: Identity.email(props.senderEmail), configurationSet: feedback });
    this.mailFrom = `${SENDER_NAME} <${props.senderEmail}>`;
    new CfnOutput(this, 'SenderIdentityArn', { value: this.sender.emailIdentityArn });
  }
}
