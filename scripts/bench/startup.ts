// Start times on a prepared clone (installed and built): `npm start` (scripts/start.mjs) on a fresh DATA_DIR until
// its HTTP port answers, which includes creating the embedded database, migrating and seeding the demo; then the
// server alone (node apps/server/dist/main.js) on that data folder, already made. While the first start's server
// runs, `whileServing` gets its demo agent's login link (the web measure uses it).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '../../apps/server/src/db/embedded';
import type { StartupFigures } from './report';
import { sleep, startChild, waitForHttp } from './processes';

function env(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // The embedded database whatever the caller's environment says, on loopback only.
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
  };
}

export async function measureStartup(options: {
  root: string;
  npmStartRuns: number;
  serverAloneRuns: number;
  whileServing?: (server: { baseUrl: string; agentLink: string }) => Promise<void>;
  log: (line: string) => void;
}): Promise<StartupFigures> {
  const figures: StartupFigures = { npmStartMs: [], serverAloneMs: [], notes: [] };
  const folders: string[] = [];
  try {
    for (let run = 0; run < options.npmStartRuns; run++) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-bench-start-'));
      folders.push(dataDir);
      const port = await freeLoopbackPort();
      const since = performance.now();
      const child = startChild(process.execPath, ['scripts/start.mjs'], {
        cwd: options.root,
        env: env(dataDir, port),
      });
      try {
        const ms = await waitForHttp(`http://127.0.0.1:${port}/`, {
          since,
          child,
          timeoutMs: 300_000,
          everyMs: 10,
        });
        figures.npmStartMs.push(ms);
        options.log(`npm start (fresh DATA_DIR) serving after ${(ms / 1000).toFixed(2)} s`);
        if (/Installing dependencies|Building the web app/.test(child.output()))
          figures.notes.push(
            `Start ${run + 1} installed or built first (the sources changed during the bench): not a prepared clone's time.`,
          );
        if (run === 0 && options.whileServing) {
          const deadline = performance.now() + 60_000;
          let link: string | undefined;
          while (!link && performance.now() < deadline) {
            link = /Demo agent login[^:]*: (\S+)/.exec(child.output())?.[1];
            if (!link) await sleep(50);
          }
          if (!link) throw new Error(`npm start printed no demo agent link:\n${child.output().slice(-2000)}`);
          await options.whileServing({ baseUrl: `http://127.0.0.1:${port}`, agentLink: link });
        }
      } finally {
        await child.stop();
      }
    }
    const prepared = folders[0];
    for (let run = 0; prepared && run < options.serverAloneRuns; run++) {
      const port = await freeLoopbackPort();
      const since = performance.now();
      const child = startChild(process.execPath, ['apps/server/dist/main.js'], {
        cwd: options.root,
        env: env(prepared, port),
      });
      try {
        const ms = await waitForHttp(`http://127.0.0.1:${port}/`, {
          since,
          child,
          timeoutMs: 120_000,
          everyMs: 10,
        });
        figures.serverAloneMs.push(ms);
        options.log(`server alone (existing data) serving after ${(ms / 1000).toFixed(2)} s`);
      } finally {
        await child.stop();
      }
    }
  } finally {
    for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
  }
  return figures;
}
