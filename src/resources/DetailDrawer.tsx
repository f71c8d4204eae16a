import { Button } from 'antd';
import { ScreenDrawer } from './screen-overlays';
import type { ReactNode } from 'react';
import type { ResourceDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import { DetailFields } from './DetailFields';
import { LoadFailure } from './LoadFailure';
import { useResourceItem } from './resource-queries';
import { detailTitle, texts } from './texts';

const drawerWidth = 640;

/** One entity's `detail` fields, read through the cache (a change to the resource reads it again), in a drawer; Edit when the reader may change it. */
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
  const { data: entity, failed, retry } = useResourceItem(descriptor, id);
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
      {failed ? (
        <LoadFailure text={t(texts.loadFailedDetail)} onRetry={retry} />
      ) : entity === undefined ? (
        <div className="cfop-page-spin" />
      ) : (
        <>
          <DetailFields descriptor={descriptor} entity={entity} />
          {props.more}
        </>
      )}
    </ScreenDrawer>
  );
}
