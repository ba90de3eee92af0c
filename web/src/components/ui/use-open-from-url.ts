import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A link such as `/goals?goalId=…` opens that item once the list has loaded; the parameter is then
 * dropped from the address, so a reload does not open it again.
 */
export function useOpenFromUrl<T extends { id: string }>(param: string, items: readonly T[] | undefined, open: (item: T) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = searchParams.get(param);
  useEffect(() => {
    if (!id || !items) return;
    const item = items.find((candidate) => candidate.id === id);
    if (item) open(item);
    setSearchParams(
      (params) => {
        params.delete(param);
        return params;
      },
      { replace: true },
    );
  }, [param, id, items, open, setSearchParams]);
}
