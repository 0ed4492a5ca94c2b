/** The route's own strings; their map of twelve languages loads with the route, not with the first page. */
export const loadOrderMessages = (): Promise<void> => import('./messages').then((m) => m.loadOrderMessages());
