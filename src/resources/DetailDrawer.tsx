import { Button } from 'antd';
import { ScreenDrawer } from './screen-overlays';
import { useEffect, useState, type ReactNode } from 'react';
import type { ResourceDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import { DetailFields } from './DetailFields';
import type { Entity } from './form-values';
import { LoadFailure } from './LoadFailure';
import { resourceApi } from './resource-api';
import { detailTitle, texts } from './texts';

const drawerWidth = 640;

/** One entity's `detail` fields, freshly loaded, in a drawer; Edit when the reader may change it. */
export function DetailDrawer(props: {
  descriptor: ResourceDescriptor;
  id: number;
  open: boolean;
  onClose(): void;
  /** Absent when the reader may not edit. */
  onEdit?: () => void;
  /** A page's own content below the fields (a staff member's passages). */
  more?: ReactNode;
}) {
  const { t } = useLocale();
  const { descriptor, id } = props;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; entity: Entity | null } | null>(null);

  useEffect(() => {
    let current = true;
    resourceApi.get(descriptor, id).then(
      (entity) => current && setLoaded({ attempt, entity }),
      () => current && setLoaded({ attempt, entity: null }),
    );
    return () => {
      current = false;
    };
  }, [descriptor, id, attempt]);

  const settled = loaded?.attempt === attempt;
  const entity = settled ? loaded.entity : undefined;
  return (
    <ScreenDrawer
      open={props.open}
      title={t(detailTitle(descriptor.title))}
      size={drawerWidth}
      onClose={props.onClose}
      destroyOnHidden
      extra={
        props.onEdit && entity ? (
          <Button type="primary" onClick={props.onEdit}>
            {t(texts.edit)}
          </Button>
        ) : null
      }
    >
      {entity === undefined ? (
        <div className="cfop-page-spin" />
      ) : entity === null ? (
        <LoadFailure text={t(texts.loadFailedDetail)} onRetry={() => setAttempt((count) => count + 1)} />
      ) : (
        <>
          <DetailFields descriptor={descriptor} entity={entity} />
          {props.more}
        </>
      )}
    </ScreenDrawer>
  );
}
