// The game's side of the delivery measure (scripts/bench/delivery.ts), in a process of its own: a bare receiver on
// loopback that answers every POST 204 at once, without verifying anything, and records when each webhook-id first
// arrived (wall clock, sub-millisecond: the same clock as PostgreSQL's now() on this machine). `GET /arrivals`
// answers what it recorded and forgets it. RECEIVER_PORT.
import http from 'node:http';

const port = Number(process.env.RECEIVER_PORT);
const now = () => performance.timeOrigin + performance.now();
let arrivals = new Map<string, number>();
let requests = 0;
let duplicates = 0;

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/arrivals') {
    const body = JSON.stringify({ arrivals: [...arrivals], requests, duplicates });
    arrivals = new Map();
    requests = 0;
    duplicates = 0;
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    return;
  }
  req.resume();
  req.on('end', () => {
    const at = now();
    const id = String(req.headers['webhook-id'] ?? '');
    requests++;
    if (arrivals.has(id)) duplicates++;
    else arrivals.set(id, at);
    res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
