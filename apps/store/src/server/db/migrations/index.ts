import type { Migration } from 'kysely/migration';
import { categories } from './0001-categories.ts';
import { settings } from './0002-settings.ts';
import { developers } from './0003-developers.ts';
import { accessTokens } from './0004-access-tokens.ts';
import { categoryNames } from './0005-category-names.ts';
import { apps } from './0006-apps.ts';
import { appVersions } from './0007-app-versions.ts';
import { appVersionHistory } from './0008-app-version-history.ts';
import { appComments } from './0009-app-comments.ts';
import { cliConnect } from './0010-cli-connect.ts';
import { stakes } from './0011-stakes.ts';
import { appDownloads } from './0012-app-downloads.ts';
import { appCatalogue } from './0013-app-catalogue.ts';
import { downloads } from './0014-downloads.ts';
import { purchases } from './0016-purchases.ts';
import { appInstances } from './0017-app-instances.ts';
import { appSupportersView } from './0018-app-supporters-view.ts';
import { downloadRollup } from './0019-download-rollup.ts';
import { appFactsIndex } from './0020-app-facts-index.ts';
import { comments } from './0015-comments.ts';

/** Ordered by name; never edit a shipped migration, add the next one. */
export const storeMigrations: Record<string, Migration> = {
  '0001_categories': categories,
  '0002_settings': settings,
  '0003_developers': developers,
  '0004_access_tokens': accessTokens,
  '0005_category_names': categoryNames,
  '0006_apps': apps,
  '0007_app_versions': appVersions,
  '0008_app_version_history': appVersionHistory,
  '0009_app_comments': appComments,
  '0010_cli_connect': cliConnect,
  '0011_stakes': stakes,
  '0012_app_downloads': appDownloads,
  '0013_app_catalogue': appCatalogue,
  '0014_downloads': downloads,
  '0015_comments': comments,
  '0016_purchases': purchases,
  '0017_app_instances': appInstances,
  '0018_app_supporters_view': appSupportersView,
  '0019_download_rollup': downloadRollup,
  '0020_app_facts_index': appFactsIndex,
};
