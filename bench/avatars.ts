/**
 * Avatars: `GET /.well-known/service/user/avatar/{did}` for a user with an uploaded picture
 * (read from the database and resized by sharp on every request that misses the browser's
 * cache) at the sizes pages ask for, next to the identicon of a user without one (an SVG drawn
 * per request), measured the same way in the same run. A supporters list shows ten avatars at a
 * time, so p99 per avatar × 10 bounds what such a list waits for on a cold cache.
 *
 *   npm run bench:avatars        (or: npx node bench/avatars.ts [requests=300])
 */
import { randomBytes } from 'node:crypto';
import { createTestPlatform } from '@bazaar/platform/testing';
import { USER_SERVICE_PATH } from '@bazaar/schemas';
import sharp from 'sharp';
import { describeRun, percentile, timeRequests } from './request-timing.ts';

const REQUESTS = Number(process.argv[2] ?? 300);

const platform = await createTestPlatform('sqlite');
try {
  const { cookie } = await platform.signIn('photo@example.com');
  const { user: plain } = await platform.signIn('plain@example.com');
  // A photo's proportions and weight, as people upload them: 1200×900 JPEG of detail (noise
  // compresses as badly as a real photo's texture, near the 2 MB limit).
  const photo = await sharp(randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const started = performance.now();
  const uploaded = await platform.app.inject({
    method: 'PUT',
    url: `${USER_SERVICE_PATH}/avatar`,
    headers: { cookie, origin: platform.baseUrl },
    payload: { image: `data:image/jpeg;base64,${photo.toString('base64')}` },
  });
  const uploadMs = performance.now() - started;
  if (uploaded.statusCode !== 200)
    throw new Error(`the upload answered ${uploaded.statusCode}: ${uploaded.body}`);
  const avatar = (uploaded.json() as { user: { avatar: string } }).user.avatar;

  const rows = [];
  for (const size of [48, 256]) {
    rows.push({
      avatar: `baseline: identicon, ${size} px`,
      ...(await timeRequests(platform.app, { url: `${plain.avatar}?size=${size}`, requests: REQUESTS })),
    });
    rows.push({
      avatar: `uploaded picture, ${size} px`,
      ...(await timeRequests(platform.app, { url: `${avatar}&size=${size}`, requests: REQUESTS })),
    });
  }
  // Each size asked for the first time is drawn afresh: what a cold process pays per face.
  const firstDraws: number[] = [];
  for (let size = 20; size < 220; size += 1) {
    if (size === 48) continue;
    const before = performance.now();
    await platform.app.inject({ url: `${avatar}&size=${size}` });
    firstDraws.push(performance.now() - before);
  }
  rows.push({
    avatar: 'uploaded picture, first draw of a size (20–219 px)',
    'p50 ms': Number(percentile(firstDraws, 50).toFixed(2)),
    'p99 ms': Number(percentile(firstDraws, 99).toFixed(2)),
  });
  console.log(describeRun(REQUESTS));
  console.log(`upload of a 1200×900 JPEG (${Math.round(photo.length / 1024)} kB): ${uploadMs.toFixed(1)} ms`);
  console.table(rows);
} finally {
  await platform.close();
}
