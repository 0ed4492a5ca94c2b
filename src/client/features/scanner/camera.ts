/** Why the preview cannot show, each with its own advice to the diner. */
export type CameraProblem = 'insecure' | 'refused' | 'none' | 'busy';

export type CameraStart = { ok: true; stream: MediaStream } | { ok: false; problem: CameraProblem };

/** What a getUserMedia refusal means for the diner (the names are the Media Capture spec's). */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'none';
  return 'busy';
}

/**
 * Opens the back camera when there is one (the table's code is in front of the phone, not of the
 * diner), any camera otherwise. Browsers hide the camera API outside a secure context.
 */
export async function openBackCamera(): Promise<CameraStart> {
  if (!window.isSecureContext) return { ok: false, problem: 'insecure' };
  if (!navigator.mediaDevices?.getUserMedia) return { ok: false, problem: 'none' };
  try {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    return { ok: true, stream };
  } catch (error) {
    return { ok: false, problem: cameraProblemOf(error) };
  }
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
