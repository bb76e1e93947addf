// A free TCP port on loopback, for the throwaway servers the scripts, benchmarks and process-level tests start.
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
