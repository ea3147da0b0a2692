/**
 * Catalogue rows written straight through the repositories, for tests and the search bench that
 * need many published apps: an app row and the listing its published version would make. The
 * real pipeline (upload, review, publish) is what the catalogue's own tests use for a few apps.
 */
import type { AppVisibility } from '@bazaar/schemas';
import { randomBytes } from 'node:crypto';
import type { StoreDb } from '../db/tables.ts';
import { inTransaction } from '../db/transaction.ts';
import { listPublishedVersion } from '../modules/apps/catalogue/listing.ts';
import { insertAppRow } from '../modules/apps/repository.ts';

export interface CatalogueAppInput {
  /** A fresh random one unless given (the same apps on two databases need the same DIDs). */
  did?: string;
  name: string;
  title: string;
  description?: string;
  keywords?: string[];
  /** In the currency's units as a manifest states it; none for a free app. */
  price?: { amount: string; currency: string } | null;
  logo?: string;
  version?: string;
  ownerDid: string;
  category?: string | null;
  visibility?: AppVisibility;
  isBlocked?: boolean;
  downloads?: number;
  publishedAt: number;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A DID shaped as an app's (`did:key:z6Mk…`), without a key behind it. */
export function randomAppDid(): string {
  return `did:key:z6Mk${[...randomBytes(44)].map((byte) => BASE58[byte % BASE58.length]).join('')}`;
}

/** Writes published apps as `inputs` say, in one transaction; answers their DIDs in order. */
export async function insertCatalogueApps(
  db: StoreDb,
  inputs: readonly CatalogueAppInput[],
): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    const dids: string[] = [];
    for (const input of inputs) {
      const did = input.did ?? randomAppDid();
      const version = input.version ?? '1.0.0';
      const description = input.description ?? `${input.title}.`;
      await insertAppRow(trx, {
        did,
        name: input.name,
        owner_did: input.ownerDid,
        title: input.title,
        description,
        logo: input.logo ?? null,
        category: input.category ?? null,
        visibility: input.visibility ?? 'public',
        auto_publish: 0,
        review_type: 'each',
        blocked_at: input.isBlocked ? input.publishedAt : null,
        blocked_reason: input.isBlocked ? 'Blocked in a test' : null,
        current_version: version,
        latest_version: version,
        downloads: input.downloads ?? 0,
        created_at: input.publishedAt,
        updated_at: input.publishedAt,
      });
      await listPublishedVersion(trx, {
        app_did: did,
        version,
        published_at: input.publishedAt,
        status_changed_at: input.publishedAt,
        manifest: JSON.stringify({
          name: input.name,
          title: input.title,
          description,
          keywords: input.keywords ?? [],
          price: input.price ?? null,
          ...(input.logo === undefined ? {} : { logo: input.logo }),
        }),
      });
      dids.push(did);
    }
    return dids;
  });
}

/** Word lists for the generator, as a person would write them. */
const words = (text: string) => [...new Set(text.split(/\s+/).filter(Boolean))];
const SUBJECTS = words(`
  invoice receipt cron webhook dashboard calendar inventory payroll ticket backup analytics chat
  survey booking recipe budget expense contract document photo video podcast newsletter blog wiki
  kanban timesheet password certificate domain server database queue metrics log alert feedback
  donation membership subscription shipping warehouse order product customer lead email sms
  translation markdown diagram spreadsheet form quiz course lesson exam library music playlist
  weather map fitness habit journal note bookmark feed forum wallet token nft faucet
  appointment attendance audit badge bandwidth battery bill blueprint broadcast bug campaign
  catalog checklist classroom clipboard cluster coupon crm deployment dns election event fleet
  gallery grant guestbook helpdesk hosting incident insurance interview kiosk license
  loyalty meeting menu mileage notification onboarding package parking patient permit pipeline
  poll portfolio prescription project proposal quote referral release rental reservation resume
  roster route schedule screenshot shift signature snippet sprint storage supplier task tax
  template tenant timer timeline transcript trip tutorial uptime vendor visitor voucher workflow
`);
const ROLES = words(`
  manager tracker mailer scanner builder monitor planner reporter relay sync viewer editor
  generator gateway hub studio kit assistant bot organizer archive checker importer exporter
  analyzer board center console desk engine finder keeper launcher notifier portal printer
  recorder reminder router scheduler server toolkit validator vault watcher wizard
`);
const QUALITIES = words(`
  simple smart open quick secure shared private daily tiny instant friendly offline realtime
  automatic visual modern lightweight team minimal fast reliable compact flexible portable
  collaborative encrypted mobile cloud local universal
`);
const VERBS = words(`
  tracks schedules sends collects imports exports reviews watches shares organizes summarizes
  syncs renders publishes searches translates archives audits bundles checks converts counts
  drafts estimates filters forecasts formats indexes labels measures merges notifies plans
  prints ranks records reminds signs sorts splits stores tags validates
`);
const AUDIENCES = (
  'small teams, freelancers, schools, shops, clinics, developers, writers, families, nonprofits, ' +
  'restaurants, agencies, students, landlords, coaches, clubs, startups'
).split(', ');
const CHINESE_TITLES = words('发票管理 收据扫描 团队笔记 定时任务面板 会员中心 数据备份 在线问卷 日程助手');
const RECORDS = words('reports history files updates numbers');
const CATEGORIES = ['payments', 'developer-tools', 'productivity', null];

/** A repeatable stream of numbers in [0, 1) (mulberry32), so a seed makes the same catalogue on every run. */
function randomStream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** `0` → `a`, `26` → `ba`: app names hold letters only. */
function letters(index: number): string {
  let name = '';
  let rest = index;
  do {
    name = String.fromCharCode(97 + (rest % 26)) + name;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return name;
}

/**
 * `count` apps of varied, realistic words (titles of a subject and a role, descriptions of a few
 * sentences, keywords, a few Chinese titles, some paid, private or blocked, downloads falling off
 * as in a real store), the same for the same seed. Each has its own DID, so the same apps can be
 * written to two databases.
 */
export function generateCatalogueApps(
  count: number,
  options: { seed: number; ownerDid: string; now: number },
): CatalogueAppInput[] {
  const random = randomStream(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const subject = pick(SUBJECTS);
    const role = pick(ROLES);
    const quality = pick(QUALITIES);
    const isChinese = random() < 0.04;
    const title = isChinese
      ? `${pick(CHINESE_TITLES)} ${capitalized(role)}`
      : `${random() < 0.3 ? `${capitalized(quality)} ` : ''}${capitalized(subject)} ${capitalized(role)}`;
    const other = pick(SUBJECTS);
    const description = [
      `A ${quality} ${role} that ${pick(VERBS)} every ${subject} for ${pick(AUDIENCES)}.`,
      `It ${pick(VERBS)} each ${other} and ${pick(VERBS)} the ${pick(SUBJECTS)} ${pick(RECORDS)} in one place.`,
      random() < 0.5
        ? `Works with ${pick(SUBJECTS)} and ${pick(SUBJECTS)} tools, ${pick(QUALITIES)} by design.`
        : '',
      isChinese ? '帮助团队管理数据，简单易用。' : '',
    ]
      .filter(Boolean)
      .join(' ');
    const visibilityRoll = random();
    return {
      did: randomAppDid(),
      name: `${subject}-${role}-${letters(index)}`,
      title,
      description,
      keywords: [...new Set([subject, role, pick(SUBJECTS), pick(QUALITIES)])].slice(
        0,
        2 + Math.floor(random() * 3),
      ),
      price: random() < 0.2 ? { amount: `${1 + Math.floor(random() * 50)}.99`, currency: 'USD' } : null,
      ownerDid: options.ownerDid,
      category: pick(CATEGORIES),
      visibility: visibilityRoll < 0.03 ? 'private' : 'public',
      isBlocked: visibilityRoll > 0.98,
      downloads: Math.floor(100_000 / (1 + index * random())) % 100_000,
      publishedAt: options.now - Math.floor(random() * 365 * 24 * 3600),
    };
  });
}
