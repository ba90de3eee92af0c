import type { BugReport } from '../../../../../shared/bug-reports.schema';
import { apiRequest } from '../../../lib/api';

/** Stores a bug report (a public route: it also works when the session has a problem). */
export async function submitBugReport(report: BugReport): Promise<void> {
  await apiRequest('/api/bug-reports', { method: 'POST', body: report });
}
