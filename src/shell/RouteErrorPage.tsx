import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { useLocale } from '../i18n';
import { NoticePage } from './NoticePage';

const titleText = { zh: '页面出错了', en: 'Something went wrong on this page' };
const hintText = { zh: '请刷新页面后重试。', en: 'Reload the page and try again.' };
const reloadText = { zh: '刷新页面', en: 'Reload page' };

/** The router's fallback for an error thrown while rendering a page, instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useLocale();
  useEffect(() => console.error(error), [error]);
  return (
    <div className="cfop-fullpage">
      <NoticePage
        icon={<CloseCircleFilled className="cfop-notice-error" />}
        title={t(titleText)}
        text={t(hintText)}
        actions={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t(reloadText)}
          </Button>
        }
      />
    </div>
  );
}
