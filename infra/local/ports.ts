import net from 'node:net';

/** Resolves when `port` can be bound on `host`; rejects with a one-line message otherwise. */
export function assertPortFree(port: number, host: string, what: string, envName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${what}) is already in use: stop the program using it or set ${envName} to another port.`
            : `Port ${port} (${what}) cannot be opened: ${error.message}`,
        ),
      );
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
}
