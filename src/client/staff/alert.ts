/**
 * The board's alerts, made with Web Audio (no file to load or cache) and looped until someone
 * reacts: a chime for a new order, a doorbell for a curbside guest waiting outside. They can only
 * sound after a tap has unlocked audio ("Start service"). After a few minutes without reaction a
 * new order's chime gets louder and faster.
 */
let context: AudioContext | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

export const ESCALATE_AFTER_MS = 3 * 60_000;

export async function unlockSound(): Promise<boolean> {
  const Ctx = window.AudioContext;
  if (!Ctx) return false;
  context ??= new Ctx();
  if (context.state === 'suspended') await context.resume().catch(() => undefined);
  return context.state === 'running';
}

export function soundReady(): boolean {
  return context?.state === 'running';
}

export type AlertKind = 'order' | 'arrival' | 'call';

/** Told apart by ear: the new order's three-note chime, the arrival's falling ding-dong, a table's rising bell. */
const NOTES: Record<AlertKind, number[]> = { order: [880, 660, 880], arrival: [1175, 932, 1175, 932], call: [784, 1047, 1319] };

function chime(kind: AlertKind, loud: boolean): void {
  if (!context || context.state !== 'running') return;
  const now = context.currentTime;
  for (const [i, freq] of NOTES[kind].entries()) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'triangle';
    osc.frequency.value = freq;
    const start = now + i * 0.22;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(loud ? 0.9 : 0.35, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.2);
    osc.connect(gain).connect(context.destination);
    osc.start(start);
    osc.stop(start + 0.21);
  }
}

/** Rings while `ringing()` names something (a waiting guest before a new order); `loud()` decides the level each time. */
export function startAlert(ringing: () => AlertKind | null, loud: () => boolean): () => void {
  const tick = () => {
    const kind = ringing();
    if (kind) chime(kind, loud());
    timer = setTimeout(tick, loud() ? 1_500 : 3_000);
  };
  tick();
  return () => clearTimeout(timer);
}
