import { appSettings, type LocalText } from '../generated/settings';

/** `<route name> - 运营平台`, or the bare title when no route matches. */
export function documentTitle(routeName: LocalText | undefined, t: (text: LocalText) => string): string {
  const title = t(appSettings.title);
  return routeName ? `${t(routeName)} - ${title}` : title;
}
