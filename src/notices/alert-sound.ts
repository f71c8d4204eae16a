/**
 * The new-alert sound: a short rising two-tone chime made with the Web Audio API, so there is no
 * file to fetch. Browsers let a page start audio only once the user has interacted with it, so
 * the audio context is made (or resumed) from a click or a key press, never before.
 */
let context: AudioContext | null = null;
/** The context time until which the last chime sounds: a chime never plays over another. */
let busyUntil = 0;

const tones = [880, 1320];
const toneSeconds = 0.16;
const volume = 0.25;

/** Whether the user has interacted with the page (which lets audio start); unknown counts as yes. */
const mayStartAudio = () => navigator.userActivation?.hasBeenActive ?? true;

function audioContext(): AudioContext | null {
  if (context === null && typeof AudioContext !== 'undefined' && mayStartAudio())
    context = new AudioContext();
  return context;
}

/** Makes audio ready from a user's gesture (the switch's click, the first click or key press). */
export function unlockAlertSound(): void {
  const audio = audioContext();
  if (audio?.state === 'suspended') void audio.resume().catch(() => undefined);
}

/** Plays the chime unless one is still sounding or the browser keeps audio off; answers whether it played. */
export async function playAlertSound(): Promise<boolean> {
  const audio = audioContext();
  if (audio === null) return false;
  if (audio.state === 'suspended') await audio.resume().catch(() => undefined);
  if (audio.state !== 'running' || audio.currentTime < busyUntil) return false;
  const start = audio.currentTime;
  const end = start + tones.length * toneSeconds;
  busyUntil = end;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  tones.forEach((frequency, index) =>
    oscillator.frequency.setValueAtTime(frequency, start + index * toneSeconds),
  );
  // Fading in and out: a tone cut off sharply clicks.
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(volume, start + 0.02);
  gain.gain.setValueAtTime(volume, end - 0.05);
  gain.gain.linearRampToValueAtTime(0, end);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(end);
  return true;
}
