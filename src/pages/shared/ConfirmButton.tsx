import { Button } from 'antd';
import { useState } from 'react';
import { useLocale } from '../../i18n';

const confirmText = { zh: '确定', en: 'OK' };
const cancelText = { zh: '取消', en: 'Cancel' };

/**
 * A button whose action asks first, in place: the question and 确定 / 取消 stand where the button
 * was. Not antd's Popconfirm, whose chunk the management screens would then load apart.
 */
export function ConfirmButton(props: {
  readonly label: string;
  readonly ask: string;
  readonly onConfirm: () => void;
  readonly link?: boolean;
  readonly disabled?: boolean;
}) {
  const { t } = useLocale();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button
        type={props.link ? 'link' : 'default'}
        danger
        disabled={props.disabled}
        onClick={() => setAsking(true)}
      >
        {props.label}
      </Button>
    );
  }
  return (
    <span role="group" aria-label={props.ask} className="cfop-confirm-inline">
      {props.ask}
      <Button
        size="small"
        danger
        onClick={() => {
          setAsking(false);
          props.onConfirm();
        }}
      >
        {t(confirmText)}
      </Button>
      <Button size="small" onClick={() => setAsking(false)}>
        {t(cancelText)}
      </Button>
    </span>
  );
}
