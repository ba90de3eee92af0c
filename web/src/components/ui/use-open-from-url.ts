import { useEffect } from 'react';
import { useSearchParams } from '../../lib/navigation';

/** The id in a link that opens the editor for a new item (`/goals?goalId=new`), as the dashboard's 'Add first goal' does. */
export const NEW_ITEM_ID = 'new';

/**
 * A link such as `/goals?goalId=…` opens that item (or, with NEW_ITEM_ID, a new one) once the list
 * has loaded; the parameter is then dropped from the address, so a reload does not open it again.
 */
export function useOpenFromUrl<T extends { id: string }>(param: string, items: readonly T[] | undefined, open: (item: T | null) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = searchParams.get(param);
  useEffect(() => {
    if (!id || !items) return;
    const item = id === NEW_ITEM_ID ? null : items.find((candidate) => candidate.id === id);
    if (item !== undefined) open(item);
    setSearchParams(
      (params) => {
        params.delete(param);
        return params;
      },
      { replace: true },
    );
  }, [param, id, items, open, setSearchParams]);
}
