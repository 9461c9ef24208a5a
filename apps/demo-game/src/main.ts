// The demo game as a command: `node apps/demo-game/dist/main.js` (after `npm run build -w apps/demo-game`).
//   GAME_WEBHOOK_SECRET   the deliveries' secret, as the back office has it (whsec_...; required)
//   DEMO_GAME_PORT        8090 by default; DEMO_GAME_HOST 127.0.0.1 by default
//   DEMO_GAME_FEED_URL    the back office's address (http://127.0.0.1:8080): also read the pull feed, signed with
//   GAME_API_SECRET       the integration API's secret (both or neither)
import { startDemoGame } from './demo-game';

function fail(message: string): never {
  console.error(`demo game: ${message}`);
  process.exit(1);
}

const env = process.env;
const secret =
  env.GAME_WEBHOOK_SECRET?.trim() || fail('set GAME_WEBHOOK_SECRET (whsec_...), as the server has it');
const port = Number(env.DEMO_GAME_PORT || 8090);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('DEMO_GAME_PORT must be a port number');
if (Boolean(env.DEMO_GAME_FEED_URL) !== Boolean(env.GAME_API_SECRET)) {
  fail('to read the feed, set both DEMO_GAME_FEED_URL and GAME_API_SECRET');
}

const game = await startDemoGame({
  port,
  host: env.DEMO_GAME_HOST || '127.0.0.1',
  secret,
  feed:
    env.DEMO_GAME_FEED_URL && env.GAME_API_SECRET
      ? { baseUrl: env.DEMO_GAME_FEED_URL, secret: env.GAME_API_SECRET }
      : undefined,
}).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

console.log(`Demo game: ${game.url}/ (deliveries to ${game.url}/webhooks)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void game.close().then(() => process.exit(0)));
}
