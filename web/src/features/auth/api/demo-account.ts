import { useEffect, useState } from 'react';
import { DemoAccountSchema, type DemoAccount } from '../../../../../shared/demo';
import { ApiError, apiRequest } from '../../../lib/api';
import { AUTH_MESSAGES } from '../lib/auth-messages';

type DemoState = { status: 'loading' } | { status: 'ready'; account: DemoAccount } | { status: 'failed'; message: string };

/** One demo account per page load, however often the page mounts (React's development double mount included). */
let request: Promise<DemoAccount> | null = null;

/** The visitor's own demo account, made on their first look at /demo. */
export function useDemoAccount(): DemoState & { retry: () => void } {
  const [state, setState] = useState<DemoState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    request ??= apiRequest('/api/demo', { method: 'POST', schema: DemoAccountSchema });
    request.then(
      (account) => current && setState({ status: 'ready', account }),
      (error: unknown) => {
        request = null;
        if (current) setState({ status: 'failed', message: error instanceof ApiError && error.status === 429 ? error.message : AUTH_MESSAGES.demoFailed });
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
