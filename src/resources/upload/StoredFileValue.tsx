import { Button, Image } from 'antd';
import type { FieldDescriptor, FieldUpload } from '../descriptors';
import { useLocale } from '../../i18n';
import { resourceApi } from '../resource-api';
import { uploadTexts } from './upload-texts';
import { useFilePreview } from './use-file-preview';

/** A stored file in the table and the detail view: an image as a thumbnail, any other file as a download link. */
export default function StoredFileValue(props: { field: FieldDescriptor; target: FieldUpload; id: number }) {
  const { field, target, id } = props;
  return field.widget === 'image' ? (
    <Thumbnail target={target} id={id} />
  ) : (
    <DownloadLink target={target} id={id} />
  );
}

function Thumbnail({ target, id }: { target: FieldUpload; id: number }) {
  const { t } = useLocale();
  const url = useFilePreview(target, id);
  return url === null ? (
    <span className="cfop-upload-thumb cfop-upload-thumb-empty" />
  ) : (
    <Image className="cfop-upload-thumb" src={url} width={40} height={40} alt={t(uploadTexts.preview)} />
  );
}

function DownloadLink({ target, id }: { target: FieldUpload; id: number }) {
  const { t } = useLocale();
  return (
    <Button
      type="link"
      size="small"
      className="cfop-upload-download"
      // call() has shown a failure already.
      onClick={() => void resourceApi.download(target, id).catch(() => undefined)}
    >
      {t(uploadTexts.download)}
    </Button>
  );
}
