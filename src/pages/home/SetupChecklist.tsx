import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { Button, Card } from 'antd';
import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n';
import { homeTexts, setupProgressText } from './home-texts';
import type { SetupItem } from './setup-checklist';

/** The setup steps of a fresh install, each marked done from the server's data and leading to its screen. */
export function SetupChecklist(props: { items: readonly SetupItem[]; onDismiss(): void }) {
  const { t } = useLocale();
  const { items } = props;
  const done = items.filter((item) => item.done).length;
  return (
    <Card
      variant="borderless"
      className="cfop-home-setup"
      title={`${t(homeTexts.setupTitle)} · ${t(setupProgressText(done, items.length))}`}
      extra={
        <Button type="link" size="small" onClick={props.onDismiss}>
          {t(homeTexts.setupDismiss)}
        </Button>
      }
    >
      <p className="cfop-home-quiet">{t(homeTexts.setupHint)}</p>
      <ol className="cfop-home-steps">
        {items.map((item, index) => (
          <li key={item.step} data-done={item.done}>
            <Link to={item.path} className="cfop-home-step">
              <span className="cfop-home-step-mark" aria-hidden>
                {item.done ? <CheckCircleFilled /> : index + 1}
              </span>
              <span className="cfop-home-step-text">
                <span className="cfop-home-step-title">{t(item.title)}</span>
                <span className="cfop-home-step-hint">{t(item.hint)}</span>
              </span>
              <span className="cfop-home-step-state">
                {item.done ? t(homeTexts.done) : t(homeTexts.toDo)}
                {!item.done && <RightOutlined aria-hidden />}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}
