import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Which item the screen edits, kept in the address (`?edit=new` or `?edit=<id>`), so a reload or the back
 * button keeps the admin where they were. `name` tells apart two editors on one screen.
 */
export function useEditParam(name = 'edit'): [string | null, (next: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const set = useCallback(
    (next: string | null) => {
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next === null) copy.delete(name);
          else copy.set(name, next);
          return copy;
        },
        { replace: false },
      );
      window.scrollTo({ top: 0 });
    },
    [name, setParams],
  );
  return [value, set];
}
