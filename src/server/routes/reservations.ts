/** `POST /reservations` (spec §7): a table request. The rules, spam limits and mails are the domain's (reservations/). */
import type { FastifyInstance } from 'fastify';
import { reservationSchema, type ReservationContext } from '../../shared/contract/reservation';
import { phoneCountryOf } from '../../shared/contract/phone-country';
import type { Db } from '../db/client';
import { say } from '../i18n/messages';
import type { Mailer } from '../mail/mailer';
import { requestReservation } from '../reservations/reservations';
import { loadSettings } from '../settings';
import { trapOf } from '../spam/honeypot';

export interface ReservationRouteOptions {
  db: Db;
  mailer: Mailer;
  rateLimitScale: number;
}

export async function reservationRoutes(app: FastifyInstance, options: ReservationRouteOptions): Promise<void> {
  app.post('/reservations', async (request, reply) => {
    // A number without a country code is read in the restaurant's country, as the form reads it.
    const context: ReservationContext = { country: phoneCountryOf(await loadSettings(options.db)) };
    const values = await reservationSchema.validate(request.body, { abortEarly: false, stripUnknown: true, context });
    await requestReservation(options.db, options.mailer, values, { ip: request.ip, lang: request.lang, honeypot: trapOf(request.body) }, options.rateLimitScale);
    return reply.code(201).send({ data: { message: say(request.lang, 'reservation.received') } });
  });
}
