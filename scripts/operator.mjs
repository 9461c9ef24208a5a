#!/usr/bin/env node
// `npm run operator -- create <name> [--role ...]`: the operator command, bundled in apps/server/dist.
import { runBuilt } from './run-built.mjs';

runBuilt('operator-cli.js');
