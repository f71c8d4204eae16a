// WCAG 2.x contrast, to derive the theme's text colours from the manifest's primary colour so that
// they read at AA (4.5:1) whatever the primary is.

type Rgb = readonly [number, number, number];

function parse(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as unknown as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (`#rrggbb`), 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(parse(first)), luminance(parse(second))].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

function mix(colour: Rgb, other: Rgb, share: number): Rgb {
  return colour.map(
    (channel, index) => channel + ((other[index] as number) - channel) * share,
  ) as unknown as Rgb;
}

/** `colour` mixed with white: a light tint of it (share 0.9 is nine parts white). */
export function tint(colour: string, share: number): string {
  return toHex(mix(parse(colour), [255, 255, 255], share));
}

/** `colour` darkened (mixed with black) no more than it takes to read at `ratio` on `background`. */
export function readableOn(colour: string, background: string, ratio = 4.5): string {
  for (let step = 0; step <= 100; step += 1) {
    const candidate = toHex(mix(parse(colour), [0, 0, 0], step / 100));
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return '#000000';
}
