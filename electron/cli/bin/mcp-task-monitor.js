#!/usr/bin/env node
// The `mcp-task-monitor` executable: the terminal client is TypeScript run through tsx (a
// dependency), registered relative to this file so it works from any working directory.
import { register } from 'tsx/esm/api';

register();
await import('../terminal-client/main.ts');
