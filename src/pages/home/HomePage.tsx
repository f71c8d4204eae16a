import UserOutlined from '@ant-design/icons/UserOutlined';
import { Avatar, Card } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { menuTree } from '../../session/menu-tree';
import { appSettings, modules } from '../../generated/settings';
import { dateTimeFormat, useLocale } from '../../i18n';
import { useSession } from '../../session';
import { menuLeaves, visibleMenu } from '../../session/menu-rules';
import { usePendingAlerts } from '../../session/pending-alerts';
import { ScreenLinks } from '../shared/ScreenLinks';
import { DesktopNotificationOffer } from '../../notices/DesktopNotificationOffer';
import { desktopOfferShown } from '../../notices/desktop-offer';
import { desktopPermission } from '../../notices/desktop-permission';
import { greetingFor } from './greeting';
import { readHomePrefs, rememberHomePref, type HomePrefs } from './home-prefs';
import {
  holdsStatusKey,
  readDeviceStatus,
  readSetupFacts,
  statusKeysOf,
  type DeviceStatus,
  type StatusKeys,
} from './home-status';
import { greetingText, homeTexts, welcomeText } from './home-texts';
import { SetupChecklist } from './SetupChecklist';
import { StatusBlocks } from './StatusBlocks';
import { checklistShown, isFreshInstall, setupItems } from './setup-checklist';
import { useLiveRead } from './use-live-read';
import './home.css';

const deviceEvents = ['cameraStatus', 'aiServerStatus'] as const;
const noEvents = [] as const;

function Greeting() {
  const { currentUser, selectedModule } = useSession();
  const { locale, t } = useLocale();
  const now = new Date();
  const name = currentUser ? currentUser.name || currentUser.userName : '';
  const moduleLabel = modules.find((module) => module.value === selectedModule)?.label;
  const today = dateTimeFormat(locale, { dateStyle: 'full' }).format(now);
  return (
    <Card variant="borderless">
      <div className="cfop-welcome">
        <Avatar size={56} icon={<UserOutlined />} className="cfop-user-avatar" />
        <div>
          <h2 className="cfop-welcome-title">{t(greetingText(greetingFor(now.getHours()), name))}</h2>
          <p className="cfop-welcome-text">
            {t(welcomeText(appSettings.title))}
            {moduleLabel ? ` · ${t(moduleLabel)}` : ''} · {today}
          </p>
        </div>
      </div>
    </Card>
  );
}

function Shortcuts() {
  const { selectedModule, canOpen } = useSession();
  const { t } = useLocale();
  const links = useMemo(
    () =>
      menuLeaves(visibleMenu(menuTree, selectedModule, canOpen)).map((leaf) => ({
        path: leaf.entry.path,
        name: leaf.entry.name,
        icon: leaf.icon,
        ...(leaf.group === leaf.entry ? {} : { caption: leaf.group.name }),
      })),
    [selectedModule, canOpen],
  );
  return (
    <Card variant="borderless" title={t(homeTexts.shortcuts)}>
      <ScreenLinks links={links} />
    </Card>
  );
}

/**
 * The home page: the greeting, then what waits for the user. Holders of the alert or device keys
 * see the status blocks (live) in place of the shortcut tiles; a fresh install shows its setup
 * checklist in their place; holders of the alert key are offered desktop notifications once.
 */
export default function HomePage() {
  const { currentUser, access } = useSession();
  const userId = currentUser?.id ?? 0;
  const [prefs, setPrefs] = useState<HomePrefs>(() => readHomePrefs(userId));
  const remember = (answer: Partial<HomePrefs>) => setPrefs(rememberHomePref(userId, answer));

  const keys = useMemo(() => statusKeysOf(access), [access]);
  const readDevices = useCallback(() => readDeviceStatus(keys), [keys]);
  const readFacts = useCallback(() => readSetupFacts(access), [access]);
  const devices = useLiveRead(
    ['home', 'devices', keys],
    holdsStatusKey(keys) ? readDevices : null,
    deviceEvents,
  );
  const facts = useLiveRead(['home', 'setup', access], prefs.checklistClosed ? null : readFacts, noEvents);
  const items = useMemo(() => (facts ? setupItems(facts) : []), [facts]);
  const showChecklist = checklistShown(items, prefs.checklistClosed);
  const complete = items.length > 0 && !showChecklist && !prefs.checklistClosed;
  useEffect(() => {
    // Done once, the checklist is not read nor shown again from the next visit on.
    if (complete) rememberHomePref(userId, { checklistClosed: true });
  }, [complete, userId]);

  const offer = desktopOfferShown({
    holdsAlertKey: keys.alerts,
    notificationsOn: currentUser?.alertNotifications === true,
    answered: prefs.desktopOffered,
    permission: desktopPermission(),
  });

  return (
    <div className="cfop-stack">
      <Greeting />
      {offer && <DesktopNotificationOffer onAnswer={() => remember({ desktopOffered: true })} />}
      {showChecklist && (
        <SetupChecklist items={items} onDismiss={() => remember({ checklistClosed: true })} />
      )}
      {holdsStatusKey(keys) ? (
        !(showChecklist && facts && isFreshInstall(facts)) && <LiveStatus keys={keys} devices={devices} />
      ) : (
        <Shortcuts />
      )}
    </div>
  );
}

/** The status blocks; the alert blocks with the pending alerts the header bell counts (one live store). */
function LiveStatus(props: { keys: StatusKeys; devices: DeviceStatus | undefined }) {
  return props.keys.alerts ? <WithPendingAlerts {...props} /> : <StatusBlocks {...props} counts={null} />;
}

function WithPendingAlerts(props: { keys: StatusKeys; devices: DeviceStatus | undefined }) {
  const counts = usePendingAlerts();
  return <StatusBlocks {...props} counts={counts} />;
}
