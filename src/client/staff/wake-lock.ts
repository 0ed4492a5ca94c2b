/** Keeps the screen on during service where the browser allows it; taken again when the page is shown again. */
export type WakeState = 'on' | 'unsupported' | 'off';

export function keepAwake(onChange: (state: WakeState) => void): () => void {
  const nav = navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void>; addEventListener(e: 'release', f: () => void): void }> } };
  if (!nav.wakeLock) {
    onChange('unsupported');
    return () => undefined;
  }
  let sentinel: { release(): Promise<void> } | undefined;
  let stopped = false;
  const take = async () => {
    try {
      const lock = await nav.wakeLock?.request('screen');
      if (!lock || stopped) return void lock?.release();
      sentinel = lock;
      onChange('on');
      lock.addEventListener('release', () => {
        if (!stopped) onChange('off');
      });
    } catch {
      onChange('off');
    }
  };
  const visible = () => {
    if (document.visibilityState === 'visible') void take();
  };
  document.addEventListener('visibilitychange', visible);
  void take();
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', visible);
    void sentinel?.release();
  };
}
