/**
 * The baseline of bench/api/run.ts: a plain Fastify server (the same fastify package the product
 * uses, its defaults, no logger, no hooks) with one route answering `{ status: 'ok' }`, on the
 * loopback port given as its argument. It prints `listening` when ready.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify();
app.get('/live', async () => ({ status: 'ok' }));
await app.listen({ port, host: '127.0.0.1' });
console.log('listening');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
