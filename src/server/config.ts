import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  clientDir: string;
  /** Opens the operator API; unset keeps it closed. */
  operatorKey: string | undefined;
  /** The public origin for table QR links; unset uses the Host of each request. */
  publicUrl: string | undefined;
}

/** Reads the environment once at boot and refuses nonsense with a message a person can act on. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const rawPort = env.PORT?.trim() || '3000';
  const port = /^\d{1,5}$/.test(rawPort) ? Number(rawPort) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const operatorKey = env.OPERATOR_KEY?.trim() || undefined;
  if (operatorKey && operatorKey.length < 16) throw new Error('OPERATOR_KEY must be at least 16 characters');
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl)) {
    throw new Error('PUBLIC_URL must be an origin such as https://order.example.com');
  }
  return {
    port,
    operatorKey,
    publicUrl,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    clientDir: resolve(env.CLIENT_DIR?.trim() || './dist'),
  };
}
