import { NOTIFICATION_ALERT_THROTTLE_MS } from '@lendline/shared';

/**
 * §8/§9: a new notification shows the toast and plays the sound at most once per 1500 ms, however many
 * arrive (ten assignments in one second make one alert). Returns whether this call alerted.
 */
export function createAlerter(alert: () => void, now: () => number = () => Date.now(), throttleMs = NOTIFICATION_ALERT_THROTTLE_MS) {
  let last = -Infinity;
  return (): boolean => {
    const t = now();
    if (t - last < throttleMs) return false;
    last = t;
    alert();
    return true;
  };
}

let audio: AudioContext | null = null;

/** A short two-tone beep made with WebAudio (no sound file to ship). Silent where audio is blocked or missing. */
export function beep(): void {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    const ctx = audio;
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.3);
    const osc = ctx.createOscillator();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(880, ctx.currentTime);
    osc.frequency.setValueAtTime(1320, ctx.currentTime + 0.12);
    osc.connect(gain);
    osc.start();
    osc.stop(ctx.currentTime + 0.3);
  } catch {
    /* autoplay policy or no audio device: the toast still shows */
  }
}
