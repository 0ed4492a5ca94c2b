/** The route's own strings; their map of twelve languages loads with the route, not with the first page. */
export const loadTableMessages = (): Promise<void> => import('./tab/messages').then((m) => m.loadTableMessages());
