import { useQueryClient } from '@tanstack/react-query';
import { useLive } from '../../lib/use-live';
import { availabilityQuery } from './queries';

/**
 * Open menus hear of sold-out dishes and pauses within a second: the stream says something
 * changed, the availability is read again. It opens once the first page is up (2.5 s).
 */
export function LiveMenu() {
  const queryClient = useQueryClient();
  useLive('/live', () => void queryClient.invalidateQueries({ queryKey: availabilityQuery().queryKey }), { delayMs: 2_500 });
  return null;
}
