import { useParams } from 'react-router';
import { APP_ERROR_TEXTS } from '../../../components/apps/app-error-texts.ts';
import { useAppDetail } from '../../../components/apps/use-apps.ts';
import { LoadFailed, Loading } from '../../../components/query-state.tsx';
import { ConsoleAppDetail } from './console-app-detail.tsx';

/** `/console/apps/:did`: one app and its review, for a Store admin. */
export function ConsoleAppPage() {
  const { did = '' } = useParams();
  const detail = useAppDetail('console', did);
  if (detail.data) return <ConsoleAppDetail detail={detail.data} />;
  return detail.error ? (
    <LoadFailed error={detail.error} texts={APP_ERROR_TEXTS} onRetry={() => void detail.refetch()} />
  ) : (
    <Loading />
  );
}
