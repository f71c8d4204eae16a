import ToolOutlined from '@ant-design/icons/ToolOutlined';
import { Card, Result } from 'antd';
import type { LocalText } from '../../generated/settings';
import { useLocale } from '../../i18n';
import { useCurrentRoute } from '../../session/use-current-route';

const underConstructionText = (name: LocalText | undefined) =>
  name
    ? { zh: `「${name.zh}」页面建设中`, en: `The “${name.en}” screen is under construction` }
    : { zh: '页面建设中', en: 'This screen is under construction' };
const laterText = { zh: '该页面将在后续版本中提供，敬请期待。', en: 'It will arrive in a later release.' };

/** Stands in for a screen that is not built yet, naming it from the route at the current path. */
export default function PendingScreen() {
  const route = useCurrentRoute();
  const { t } = useLocale();
  return (
    <Card variant="borderless">
      <Result
        icon={<ToolOutlined className="cfop-pending-icon" />}
        title={t(underConstructionText(route?.name))}
        subTitle={t(laterText)}
      />
    </Card>
  );
}
