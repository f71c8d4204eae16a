import { useEffect, useState } from 'react';
import type { FieldUpload } from '../descriptors';
import { resourceApi } from '../resource-api';

/**
 * An object URL of a stored file's bytes (fetched with the session header an `<img src>` cannot
 * send), null until loaded or when `id` is null; released when the id changes or the view goes.
 */
export function useFilePreview(target: FieldUpload, id: number | null): string | null {
  const [loaded, setLoaded] = useState<{ id: number; url: string } | null>(null);
  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    let url: string | null = null;
    resourceApi.blob(target, id, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setLoaded({ id, url });
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [target, id]);
  return loaded !== null && loaded.id === id ? loaded.url : null;
}
