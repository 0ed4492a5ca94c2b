import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import { streamEvents } from '../events/sse';
import { currentAvailability } from '../staff/availability';

/** What diners cannot order right now, and the stream that says when it changes. Never cached: it moves during service. */
export async function availabilityRoutes(app: FastifyInstance, { db, bus }: { db: Db; bus: EventBus }): Promise<void> {
  app.get('/availability', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await currentAvailability(db) };
  });

  // Open menus hear of sold-out dishes and pauses within a second; the events carry no data a diner may not see.
  app.get('/live', async (request, reply) => {
    await streamEvents(request, reply, bus, { topics: ['menu'] });
  });
}
