/**
 * A bare Fastify hello-world in its own process: the yardstick the server-throughput bench divides
 * by. Listens on 127.0.0.1 on a free port and prints the port on stdout; stops on SIGTERM.
 * Run by bench/server-throughput.ts; by hand: `npx tsx bench/hello-world-server.ts`.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(String((app.server.address() as AddressInfo).port));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
