import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { Alert, Button, Input } from 'antd';
import { ScreenModal } from './screen-overlays';
import { useId, useRef } from 'react';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { toast } from '../api';
import { useLocale } from '../i18n';
import type { Secret } from './form-values';
import { secretLabel, secretTitle, texts } from './texts';

function SecretField({ secret }: { secret: Secret }) {
  const { t } = useLocale();
  const id = useId();
  const input = useRef<TextAreaRef>(null);
  const label = t(secretLabel(secret.name));

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(secret.value);
      toast('success', t(texts.copied));
    } catch {
      // Without clipboard access the text is selected, ready for Ctrl+C.
      input.current?.resizableTextArea?.textArea.select();
      toast('error', t(texts.copyFailed));
    }
  }

  return (
    <div className="cfop-resource-secret">
      <div className="cfop-resource-secret-head">
        <label htmlFor={id}>{label}</label>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t(texts.copy)}
        </Button>
      </div>
      <Input.TextArea
        id={id}
        ref={input}
        readOnly
        autoSize
        value={secret.value}
        className="cfop-resource-secret-value"
        onFocus={(event) => event.target.select()}
      />
    </div>
  );
}

/** Shows secrets the server gives only once (an ingest key), with copy buttons and a warning. */
export function SecretModal({ secrets, onClose }: { secrets: readonly Secret[]; onClose(): void }) {
  const { t } = useLocale();
  const first = secrets[0];
  return (
    <ScreenModal
      open={first !== undefined}
      title={first === undefined ? null : t(secretTitle(secretLabel(first.name)))}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t(texts.secretSaved)}
        </Button>
      }
    >
      <div className="cfop-stack">
        <Alert type="warning" showIcon title={t(texts.secretWarning)} />
        {secrets.map((secret) => (
          <SecretField key={secret.name} secret={secret} />
        ))}
      </div>
    </ScreenModal>
  );
}
