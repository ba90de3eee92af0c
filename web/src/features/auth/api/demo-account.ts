import { useEffect, useState } from 'react';
import type { DemoAccount } from '../../../../../shared/demo.schema';
import { currentLanguage } from '../../../i18n/language';
import { ApiError, apiRequest } from '../../../lib/api';
import { rememberDemoEnd } from '../../../lib/demo-end';

type DemoState = { status: 'loading' } | { status: 'ready'; account: DemoAccount } | { status: 'failed'; failure: unknown };

/** One demo account per page load, however often the page mounts (React's development double mount included). */
let request: Promise<DemoAccount> | null = null;

/** The visitor's own demo account, made on their first look at /demo. */
export function useDemoAccount(): DemoState & { retry: () => void } {
  const [state, setState] = useState<DemoState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    request ??= apiRequest<DemoAccount>('/api/demo', { method: 'POST', body: { lang: currentLanguage() } }).then((account) => {
      rememberDemoEnd(account.email, account.expires_at);
      return account;
    });
    request.then(
      (account) => current && setState({ status: 'ready', account }),
      (error: unknown) => {
        request = null;
        // The server's own message only for its limit (429); anything else reads as the page's own failure.
        if (current) setState({ status: 'failed', failure: error instanceof ApiError && error.status === 429 ? error : null });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  return {
    ...state,
    retry: () => {
      setState({ status: 'loading' });
      setAttempt((count) => count + 1);
    },
  };
}
