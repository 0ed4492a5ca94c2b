import { queryOptions, useQuery } from '@tanstack/react-query';
import { soldOutSets, type SoldOutSets } from '../../../shared/availability';
import type { Availability, PauseInfo } from '../../../shared/contract/staff';
import { get } from '../../lib/api';

/**
 * What diners cannot order right now. Never stored for offline use (`meta.private` keeps it out
 * of the persisted cache): a sold-out switch from yesterday must not greet today's guest.
 */
export const availabilityQuery = () =>
  queryOptions({
    queryKey: ['availability'],
    queryFn: ({ signal }) => get<Availability>('/availability', undefined, signal),
    staleTime: 30_000,
    refetchInterval: 5 * 60_000,
    meta: { private: true },
  });

const NONE: Availability = { pauses: [], busy: null, soldOut: [] };
const EMPTY_SETS = soldOutSets([]);

export interface AvailabilityView {
  sold: SoldOutSets;
  pauses: PauseInfo[];
  busyMinutes: number;
}

export function useAvailability(): AvailabilityView {
  const data = useQuery(availabilityQuery()).data ?? NONE;
  // Records that ran out since the last read no longer hold.
  const now = Date.now();
  const live = data.soldOut.filter((s) => s.endsAt === null || Date.parse(s.endsAt) > now);
  return {
    sold: live.length ? soldOutSets(live) : EMPTY_SETS,
    pauses: data.pauses.filter((p) => Date.parse(p.endsAt) > now),
    busyMinutes: data.busy && Date.parse(data.busy.endsAt) > now ? data.busy.minutes : 0,
  };
}
