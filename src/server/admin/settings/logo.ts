/**
 * The restaurant's logo uploaded from the settings screen (decision 026): processed like a photo
 * (one job at a time, decoded by sharp, nothing of the upload's bytes kept), stored by hash, and
 * the LOGO setting pointed at it, with its history line, in one transaction.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { recordChange, type Actor } from '../../staff/audit';
import { processLogo } from '../photos/process';
import { photoJobs } from '../photos/queue';
import { saveFiles } from '../photos/store';

/** The new LOGO value, a `/media/<hash>.png` URL. Throws PhotoRefused for what is not an image. */
export async function uploadLogo(db: Db, actor: Actor, upload: Buffer): Promise<string> {
  const logo = await photoJobs(() => processLogo(upload));
  return db.transaction(async (tx) => {
    // Locked, so two uploads at once each record the value the other one left.
    const [row] = await tx.select({ value: t.settings.value }).from(t.settings).where(eq(t.settings.key, 'LOGO')).for('update');
    await saveFiles(tx, [logo]);
    await tx.insert(t.settings).values({ key: 'LOGO', value: logo.url }).onConflictDoUpdate({ target: t.settings.key, set: { value: logo.url } });
    // The same line as a save of the identity group that changed only the logo.
    await recordChange(tx, actor, 'settings.update', 'identity', { LOGO: row?.value ?? null }, { LOGO: logo.url });
    return logo.url;
  });
}
