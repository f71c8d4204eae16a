import { useCallback, useEffect, useState } from 'react';

/** What `load` answers, loaded on mount and again on `reload`; undefined until the first answer. */
export function useLoaded<T>(load: () => Promise<T>) {
  const [value, setValue] = useState<T>();
  const reload = useCallback(() => {
    // Failures are told by the api layer; the card keeps what it showed.
    load().then(setValue, () => {});
  }, [load]);
  useEffect(reload, [reload]);
  return { value, reload };
}
