/**
 * Whether a query holds this visit's answer: the page's own (decision 028 seeds it when the page
 * starts) or one fetched since. A copy kept from an earlier visit waits for the refetch to end.
 * Not waiting for a refetch of the page's own answer spares the greeting a network round trip.
 */
export function answeredThisVisit(query: { dataUpdatedAt: number; isFetching: boolean }): boolean {
  return !query.isFetching || query.dataUpdatedAt >= performance.timeOrigin;
}
