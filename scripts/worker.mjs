#!/usr/bin/env node
// `npm run worker`: the job queue's workers alone (decision 040), for a deployment that runs them apart from its
// servers (JOB_CONCURRENCY=0 on those). Needs DATABASE_URL.
import { runBuilt } from './run-built.mjs';

runBuilt('worker.js');
