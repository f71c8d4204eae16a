import type { LocalText } from '../generated/settings';

/** A length of time (a mean handling time, a camera offline since): the two largest units that matter. */
export function durationText(seconds: number): LocalText {
  const s = Math.round(seconds);
  if (s < 60) return { zh: `${s} 秒`, en: `${s} s` };
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return { zh: `${minutes} 分 ${s % 60} 秒`, en: `${minutes} min ${s % 60} s` };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { zh: `${hours} 小时 ${minutes % 60} 分`, en: `${hours} h ${minutes % 60} min` };
  return {
    zh: `${Math.floor(hours / 24)} 天 ${hours % 24} 小时`,
    en: `${Math.floor(hours / 24)} d ${hours % 24} h`,
  };
}
