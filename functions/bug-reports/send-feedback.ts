import { busConsumer } from '../platform/consumer';
import { sendFeedback } from '../platform/error-reporting';
import { log } from '../platform/log';

/**
 * Bus consumer: sends a bug report to the error-reporting service as user feedback (name, email,
 * and the description as its comments). A send the service does not take throws, so the bus
 * retries it and finally dead-letters it; the report stays in the table either way. Without a DSN
 * it only logs.
 */
export const handler = busConsumer<'bugreport.submitted'>('bug-reports/send-feedback', async (report) => {
  const sent = await sendFeedback({ name: report.name, email: report.email, message: report.description }, { bug_report_id: report.id });
  if (!sent) log.info('bug report kept; no error-reporting service configured', { reportId: report.id });
});
