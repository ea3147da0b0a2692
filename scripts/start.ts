import { buildWebApps } from './build-web.ts';

// A fresh clone has no built pages yet; later starts rebuild only what changed.
buildWebApps();
await import('../apps/platform/src/main.ts');
