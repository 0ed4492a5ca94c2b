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

/** What is sold out at `now`: records that ran out since the last read no longer hold. */
export function soldOutNow(data: Availability | undefined, now = Date.now()): SoldOutSets {
  const live = (data?.soldOut ?? []).filter((s) => s.endsAt === null || Date.parse(s.endsAt) > now);
  return live.length ? soldOutSets(live) : EMPTY_SETS;
}

export function useAvailability(): AvailabilityView {
  const data = useQuery(availabilityQuery()).data ?? NONE;
  const now = Date.now();
  return {
    sold: soldOutNow(data, now),
    pauses: data.pauses.filter((p) => Date.parse(p.endsAt) > now),
    busyMinutes: data.busy && Date.parse(data.busy.endsAt) > now ? data.busy.minutes : 0,
  };
}
