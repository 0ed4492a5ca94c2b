/** Types of build-server.mjs for the TypeScript scripts that build the server before they run it. */
export const outdir: string;
export const entry: string;
export const serverSources: string[];
export function buildServer(): Promise<void>;
