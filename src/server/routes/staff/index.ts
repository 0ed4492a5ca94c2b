import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { Mailer } from '../../mail/mailer';
import type { Payments } from '../../payments';
import type { ServerEnvironment } from '../../../shared/contract/settings-admin';
import { staffAreaRoutes } from './areas';
import { staffAuthRoutes } from './auth';
import { staffBoardRoutes } from './board';
import { staffComboRoutes } from './combos';
import { staffMenuRoutes } from './menu';
import { staffHoursRoutes } from './hours';
import { staffMessageRoutes } from './messages';
import { staffPageRoutes } from './pages';
import { staffTableAdminRoutes } from './tables-admin';
import { staffTableServiceRoutes } from './table-service';
import { staffReservationRoutes } from './reservations';
import { staffPhotoRoutes } from './photos';
import { staffPrinterRoutes } from './printers';
import { staffServiceRoutes } from './service';
import { staffSettingsRoutes } from './settings';
import { staffTeamRoutes } from './team';

export interface StaffRouteOptions {
  db: Db;
  bus: EventBus;
  payments: Payments;
  mailer: Mailer;
  publicUrl?: string;
  rateLimitScale: number;
  /** What the server's configuration switches on, shown read-only on the settings screen. */
  environment: ServerEnvironment;
}

/** Everything under `/api/staff`: one door for the restaurant's people, never opened by a customer's or a table's token. */
export async function staffRoutes(app: FastifyInstance, options: StaffRouteOptions): Promise<void> {
  await app.register(staffAuthRoutes, { db: options.db, rateLimitScale: options.rateLimitScale });
  await app.register(staffBoardRoutes, { db: options.db, bus: options.bus, payments: options.payments });
  await app.register(staffServiceRoutes, { db: options.db, publicUrl: options.publicUrl });
  await app.register(staffTeamRoutes, { db: options.db });
  await app.register(staffMessageRoutes, { db: options.db });
  await app.register(staffReservationRoutes, { db: options.db, mailer: options.mailer });
  await app.register(staffComboRoutes, { db: options.db });
  await app.register(staffPhotoRoutes, { db: options.db });
  await app.register(staffMenuRoutes, { db: options.db });
  await app.register(staffSettingsRoutes, { db: options.db, environment: options.environment });
  await app.register(staffAreaRoutes, { db: options.db });
  await app.register(staffHoursRoutes, { db: options.db });
  await app.register(staffPageRoutes, { db: options.db });
  await app.register(staffTableAdminRoutes, { db: options.db });
  await app.register(staffTableServiceRoutes, { db: options.db, payments: options.payments });
  await app.register(staffPrinterRoutes, { db: options.db, publicUrl: options.publicUrl });
}
