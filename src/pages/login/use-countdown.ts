import { useEffect, useState } from 'react';

/** Seconds left before an action may run again, ticking down once a second to 0. */
export function useCountdown(): { secondsLeft: number; start(seconds: number): void } {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return { secondsLeft, start: setSecondsLeft };
}
