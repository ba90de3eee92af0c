import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BUS_RULES } from '../../events/rules';
import { tempoApp } from './tempo-app';

describe('the sender identity’s feedback', () => {
  const email = Template.fromStack(tempoApp({ senderEmail: 'tempo@example.com' }).email!);

  it('reports every mail’s hard bounces and complaints to the default bus, the only one SES puts on', () => {
    const sets = email.findResources('AWS::SES::ConfigurationSet');
    expect(Object.keys(sets)).toHaveLength(1);
    const setId = Object.keys(sets)[0]!;
    email.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: setId },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        EventBridgeDestination: { EventBusArn: 'arn:aws:events:eu-west-1:123456789012:event-bus/default' },
      },
    });
    // The identity's default set: every mail from it is reported, whoever sends it.
    email.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'tempo@example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: setId } },
    });
  });

  it('is taken from the default bus by the rule that stops reminder mail', () => {
    const rule = BUS_RULES.find((candidate) => candidate.target === 'reminders/mail-feedback');
    expect(rule).toMatchObject({ bus: 'default', pattern: { source: ['aws.ses'], 'detail-type': ['Email Bounced', 'Email Complained'] } });
  });
});
