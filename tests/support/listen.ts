import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts a stand-in server on `port` (0: any free one) and answers its base URL. */
export async function listenOn(server: Server, host: string, port = 0): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
