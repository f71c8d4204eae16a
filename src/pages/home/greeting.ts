import type { LocalText } from '../../generated/settings';

const lateNight: LocalText = { zh: '夜深了', en: 'Good evening' };
const greetings: readonly { readonly from: number; readonly text: LocalText }[] = [
  { from: 5, text: { zh: '早上好', en: 'Good morning' } },
  { from: 9, text: { zh: '上午好', en: 'Good morning' } },
  { from: 12, text: { zh: '中午好', en: 'Good afternoon' } },
  { from: 14, text: { zh: '下午好', en: 'Good afternoon' } },
  { from: 18, text: { zh: '晚上好', en: 'Good evening' } },
];

/** The greeting for an hour of the day (0-23, the reader's local time). */
export function greetingFor(hour: number): LocalText {
  return greetings.findLast((greeting) => hour >= greeting.from)?.text ?? lateNight;
}
