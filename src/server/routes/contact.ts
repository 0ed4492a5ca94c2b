/** `POST /contact` (spec §7): the contact form. Validation, spam limits and the mail are the domain's (contact/). */
import type { FastifyInstance } from 'fastify';
import { contactSchema } from '../../shared/contract/contact';
import { receiveContactMessage } from '../contact/messages';
import type { Db } from '../db/client';
import { say } from '../i18n/messages';
import type { Mailer } from '../mail/mailer';
import { trapOf } from '../spam/honeypot';

export interface ContactRouteOptions {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  rateLimitScale: number;
}

export async function contactRoutes(app: FastifyInstance, options: ContactRouteOptions): Promise<void> {
  app.post('/contact', async (request, reply) => {
    const values = await contactSchema.validate(request.body, { abortEarly: false, stripUnknown: true });
    await receiveContactMessage(
      options.db,
      options.mailer,
      options.siteUrl,
      values,
      { ip: request.ip, lang: request.lang, honeypot: trapOf(request.body) },
      options.rateLimitScale,
    );
    return reply.code(201).send({ data: { message: say(request.lang, 'contact.received') } });
  });
}
