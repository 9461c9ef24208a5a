// The HTTP ceilings, in a process of their own: a bare Fastify (no plugins, no hooks, no database) answering the
// product's own getUser answer as a constant at the same path, and the same built web files through @fastify/static
// with the same precompressed files. Started by scripts/bench.ts: BARE_PORT, BARE_JSON_PATH, BARE_JSON_FILE,
// BARE_STATIC_ROOT.
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const port = Number(process.env.BARE_PORT);
const jsonPath = process.env.BARE_JSON_PATH ?? '/api/agent/user/getUser';
const body: unknown = JSON.parse(readFileSync(process.env.BARE_JSON_FILE as string, 'utf8'));
const staticRoot = process.env.BARE_STATIC_ROOT;

const app = Fastify({ logger: false });
app.get(jsonPath, async () => body);
if (staticRoot) await app.register(fastifyStatic, { root: staticRoot, prefix: '/', preCompressed: true });
await app.listen({ host: '127.0.0.1', port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
