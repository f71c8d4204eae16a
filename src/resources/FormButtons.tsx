import { Button, Space } from 'antd';
import { useLocale } from '../i18n';
import { texts } from './texts';

/** A form's Cancel and Save (submit), Save busy while saving. */
export function FormButtons(props: { saving: boolean; onCancel(): void }) {
  const { t } = useLocale();
  return (
    <Space className="cfop-resource-form-buttons">
      <Button onClick={props.onCancel}>{t(texts.cancel)}</Button>
      <Button type="primary" htmlType="submit" loading={props.saving}>
        {t(texts.save)}
      </Button>
    </Space>
  );
}
