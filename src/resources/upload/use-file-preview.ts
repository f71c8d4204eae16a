import { skipToken, useQuery } from '@tanstack/react-query';
import { holdsObjectUrl, type ObjectUrlAnswer } from '../../api/object-urls';
import type { FieldUpload } from '../descriptors';
import { resourceApi } from '../resource-api';

async function readPreview(target: FieldUpload, id: number, signal: AbortSignal): Promise<ObjectUrlAnswer> {
  return { url: URL.createObjectURL(await resourceApi.blob(target, id, signal)) };
}

/**
 * An object URL of a stored file's bytes (fetched with the session header an `<img src>` cannot
 * send), through the console's read cache; null until loaded or when `id` is null. The cache
 * releases it once no view has shown it for its keep time.
 */
export function useFilePreview(target: FieldUpload, id: number | null): string | null {
  const preview = useQuery({
    queryKey: [target.download, id],
    queryFn: id === null ? skipToken : ({ signal }) => readPreview(target, id, signal),
    // A stored file is never rewritten under its id: kept, it is not read again.
    staleTime: Infinity,
    meta: holdsObjectUrl,
  });
  return id === null ? null : (preview.data?.url ?? null);
}
