/**
 * A device as people name it, from a User-Agent: the browser family and the system ("Chrome ·
 * Windows"). Only a few families are told apart; anything else is its first product token, or 未知.
 * Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
 */
const browsers: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (table: typeof browsers, text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

export function deviceOf(userAgent: string): string {
  const browser = firstMatch(browsers, userAgent) ?? userAgent.match(/^[\w.-]+/)?.[0];
  const system = firstMatch(systems, userAgent);
  const parts = [browser, system].filter((part) => part !== undefined);
  return parts.length === 0 ? '未知设备 / Unknown device' : parts.join(' · ');
}
