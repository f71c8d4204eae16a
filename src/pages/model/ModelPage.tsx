import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useLocale } from '../../i18n';
import model from '../../generated/resources/model';
import { ResourcePage, resourceOf, type Entity } from '../../resources';
import type { DeployedModel } from './DeploymentDrawer';
import { deploymentTexts } from './deployment-texts';

const descriptor = resourceOf(model);

// The panel's table and alerts load with the first Deploy click, keeping the screen's first load small.
const DeploymentDrawer = lazy(() => import('./DeploymentDrawer'));

/** The model screen: the generic resource screen, with a Deploy link on each row opening its deployment panel. */
export default function ModelPage() {
  const { t } = useLocale();
  const [deploying, setDeploying] = useState<{ model: DeployedModel; reload(): void } | null>(null);
  const [open, setOpen] = useState(false);
  const rowActions = (entity: Entity, reload: () => void) => (
    <Button
      type="link"
      size="small"
      onClick={() => {
        setDeploying({ model: entity as unknown as DeployedModel, reload });
        setOpen(true);
      }}
    >
      {t(deploymentTexts.deploy)}
    </Button>
  );
  return (
    <>
      <ResourcePage descriptor={descriptor} rowActions={rowActions} />
      {deploying && (
        <Suspense fallback={null}>
          <DeploymentDrawer
            key={deploying.model.id}
            model={deploying.model}
            open={open}
            onClose={() => {
              setOpen(false);
              // The list's deployment counts follow what was changed in the panel.
              deploying.reload();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
