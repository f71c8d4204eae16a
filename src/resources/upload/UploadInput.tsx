import { Button, Form, Image, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { getFieldErrors } from '../../api';
import type { FieldUpload } from '../descriptors';
import { useLocale } from '../../i18n';
import type { FieldInputProps } from '../field-input-props';
import { resourceApi, type StoredFile } from '../resource-api';
import { formatBytes, tooLargeText, uploadTexts, wrongTypeText } from './upload-texts';
import { useFilePreview } from './use-file-preview';

type Props = FieldInputProps & { readonly target: FieldUpload };

const anyBytes = 'application/octet-stream';

/**
 * The `image` and `file` widgets of the form: a file is checked here first (the field's types and
 * byte limit, from its upload operation), sent through src/api's upload, and the field's value
 * becomes the stored file's id. `image` previews; `file` shows a progress bar, then the stored
 * file's name, size and SHA-256. A refusal (here or by the server) shows on the field.
 */
export default function UploadInput({ field, target, value, onChange, id, ...aria }: Props) {
  const { t } = useLocale();
  const form = Form.useFormInstance();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [stored, setStored] = useState<StoredFile | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const sending = useRef<AbortController | null>(null);
  const isImage = field.widget === 'image';
  const fileId = typeof value === 'number' ? value : null;
  const remote = useFilePreview(target, isImage && local === null ? fileId : null);
  const preview = local ?? remote;

  useEffect(() => () => sending.current?.abort(), []);
  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);

  const showError = (message: string) => form.setFields([{ name: field.name, errors: [message] }]);

  async function send(file: File): Promise<void> {
    const takesAny = target.accept.includes(anyBytes);
    if (!takesAny && !target.accept.includes(file.type))
      return showError(t(wrongTypeText(field.label, target.accept)));
    if (file.size > target.maxBytes) return showError(t(tooLargeText(field.label, target.maxBytes)));
    form.setFields([{ name: field.name, errors: [] }]);
    const controller = new AbortController();
    sending.current = controller;
    setStored(null);
    setProgress(0);
    if (isImage) setLocal(URL.createObjectURL(file));
    try {
      const answer = await resourceApi.upload(target, file, {
        signal: controller.signal,
        // The server's refusal of the file shows under the field; no toast repeats it.
        formFields: [target.part],
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.floor((loaded / total) * 100) : 0),
      });
      setStored(answer);
      onChange?.(answer.id);
    } catch (error) {
      if (isImage) setLocal(null);
      if (!controller.signal.aborted) {
        const message = getFieldErrors(error)[target.part];
        if (message !== undefined) showError(message);
      }
    } finally {
      setProgress(null);
      sending.current = null;
    }
  }

  const choose = (
    <Button onClick={() => input.current?.click()} disabled={progress !== null}>
      {t(
        fileId === null ? (isImage ? uploadTexts.chooseImage : uploadTexts.chooseFile) : uploadTexts.replace,
      )}
    </Button>
  );
  return (
    <div className="cfop-upload" data-widget={field.widget}>
      <input
        ref={input}
        id={id}
        {...aria}
        type="file"
        className="cfop-upload-input"
        accept={target.accept.includes(anyBytes) ? undefined : target.accept.join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      {isImage && preview !== null && (
        <Image
          className="cfop-upload-preview"
          src={preview}
          width={96}
          height={96}
          alt={t(uploadTexts.preview)}
        />
      )}
      <Space wrap>
        {choose}
        {progress !== null && (
          <Button onClick={() => sending.current?.abort()}>{t(uploadTexts.cancel)}</Button>
        )}
        {progress === null && fileId !== null && !field.required && (
          <Button
            onClick={() => {
              setStored(null);
              setLocal(null);
              onChange?.(null);
            }}
          >
            {t(uploadTexts.remove)}
          </Button>
        )}
        <Typography.Text type="secondary">{`≤ ${formatBytes(target.maxBytes)}`}</Typography.Text>
      </Space>
      {progress !== null && (
        <Progress
          className="cfop-upload-progress"
          percent={progress}
          status="active"
          aria-label={t(uploadTexts.uploading)}
        />
      )}
      {!isImage && stored !== null && <StoredFileFacts file={stored} />}
      {!isImage && stored === null && progress === null && fileId !== null && (
        <Typography.Text type="secondary" className="cfop-upload-current">
          {`${t(uploadTexts.current)} #${fileId}`}
        </Typography.Text>
      )}
    </div>
  );
}

function StoredFileFacts({ file }: { file: StoredFile }) {
  const { t } = useLocale();
  return (
    <dl className="cfop-upload-facts">
      <dt>{t(uploadTexts.uploaded)}</dt>
      <dd className="cfop-upload-name">{file.name}</dd>
      <dt>{t(uploadTexts.size)}</dt>
      <dd className="cfop-upload-size">{`${formatBytes(file.size)} (${file.size.toLocaleString()} B)`}</dd>
      <dt>SHA-256</dt>
      <dd>
        <Typography.Text className="cfop-upload-sha256" code copyable>
          {file.sha256}
        </Typography.Text>
      </dd>
    </dl>
  );
}
