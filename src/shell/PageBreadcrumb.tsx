import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import { useLocale } from '../i18n';
import { breadcrumbTrail } from './breadcrumb-trail';
import { useRouteChain } from '../session/use-current-route';

export function PageBreadcrumb() {
  const { t } = useLocale();
  const trail = breadcrumbTrail(useRouteChain());
  if (trail.length === 0) return null;
  return (
    <Breadcrumb
      className="cfop-breadcrumb"
      items={trail.map((crumb) => ({
        key: crumb.path,
        title: crumb.linked ? <Link to={crumb.path}>{t(crumb.name)}</Link> : t(crumb.name),
      }))}
    />
  );
}
