import { Button, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import camera from '../../generated/resources/camera';
import { useLocale } from '../../i18n';
// From their modules, not the folder's index: that also holds the generic route screen, which
// must stay a chunk of its own for the other resource routes.
import type { Entity } from '../../resources/form-values';
import { resourceOf } from '../../resources/descriptors';
import { ResourcePage } from '../../resources/ResourcePage';
import { taskTexts } from './task-texts';
import { onvifTexts } from './onvif-texts';
import { ptzTexts } from '../shared/ptz-texts';
import { useSession } from '../../session';
import { moveCameraPtz } from '../../generated/operation-access';

// The task editor (polygon over a frame, schedule grid) loads only when a camera's tasks are opened.
const TaskDrawer = lazy(() => import('./TaskDrawer'));
// Device discovery loads only when its drawer is opened.
const OnvifDrawer = lazy(() => import('./OnvifDrawer'));
// So does the PTZ pad.
const PtzDrawer = lazy(() => import('./PtzDrawer'));
const descriptor = resourceOf(camera);

interface Opened {
  readonly camera: { readonly id: number; readonly name: string };
  readonly open: boolean;
  readonly session: number;
  readonly reload: () => void;
}

/** The generic camera screen, with each row's analysis tasks a click away. */
export default function CameraPage() {
  const { t } = useLocale();
  const { access } = useSession();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [steered, setSteered] = useState<{
    readonly camera: Opened['camera'];
    readonly open: boolean;
  } | null>(null);
  const [discovery, setDiscovery] = useState<{ readonly open: boolean; readonly reload: () => void } | null>(
    null,
  );

  const open = (entity: Entity, reload: () => void) =>
    setOpened({
      camera: { id: Number(entity.id), name: String(entity.name) },
      open: true,
      session: (opened?.session ?? 0) + 1,
      reload,
    });

  return (
    <>
      <ResourcePage
        descriptor={descriptor}
        toolbarActions={(reload) => (
          <Button onClick={() => setDiscovery({ open: true, reload })}>{t(onvifTexts.discover)}</Button>
        )}
        rowActions={(entity, reload) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => open(entity, reload)}>
              {t(taskTexts.tasks)}
            </Button>
            {/* Only a camera with an ONVIF address can be steered, and only with the PTZ key. */}
            {access[moveCameraPtz] && entity.onvifXaddr ? (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  setSteered({ camera: { id: Number(entity.id), name: String(entity.name) }, open: true })
                }
              >
                {t(ptzTexts.ptz)}
              </Button>
            ) : null}
          </Space>
        )}
      />
      {opened && (
        <Suspense fallback={null}>
          <TaskDrawer
            key={opened.session}
            camera={opened.camera}
            open={opened.open}
            onClose={() => setOpened({ ...opened, open: false })}
            onChanged={opened.reload}
          />
        </Suspense>
      )}
      {steered && (
        <Suspense fallback={null}>
          <PtzDrawer
            key={steered.camera.id}
            camera={steered.camera}
            open={steered.open}
            onClose={() => setSteered({ ...steered, open: false })}
          />
        </Suspense>
      )}
      {discovery && (
        <Suspense fallback={null}>
          <OnvifDrawer
            open={discovery.open}
            onClose={() => setDiscovery({ ...discovery, open: false })}
            onAdded={discovery.reload}
          />
        </Suspense>
      )}
    </>
  );
}
