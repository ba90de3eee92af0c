import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * After a refused submit, the first field with a message takes the focus, so a keyboard or
 * screen-reader user lands on what to fix. Call the returned function once the errors are set;
 * the focus moves after they render.
 */
export function useFocusFirstInvalid(): [RefObject<HTMLFormElement | null>, () => void] {
  const form = useRef<HTMLFormElement>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [requests]);
  return [form, () => setRequests((count) => count + 1)];
}
