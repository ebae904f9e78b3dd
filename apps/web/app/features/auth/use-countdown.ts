import { useCallback, useEffect, useState } from "react";

/** Seconds left until a moment; `start(seconds)` (re)starts it. Ticks once a second while running. */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= now) return;
    // Wake up when the shown whole second changes.
    const timer = setTimeout(() => setNow(Date.now()), (endsAt - now) % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [endsAt, now]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);

  return { secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}

/** 75 → "1:15", 9 → "0:09". */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
