#!/usr/bin/env node
// The installed command: runs the compiled CLI (npm run build writes dist/).
import { main } from '../dist/cli/main.js';

await main();
