#!/usr/bin/env node
// The `bazaar` command. The sources are TypeScript, which Node (>= 22.13 with type stripping,
// 24 here) runs as they are, so the entry only hands over to them.
import('../src/main.ts');
