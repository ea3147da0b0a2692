import { useParams } from 'react-router';
import { APP_ERROR_TEXTS } from '../../../components/apps/app-error-texts.ts';
import { useAppDetail } from '../../../components/apps/use-apps.ts';
import { LoadFailed, Loading } from '../../../components/query-state.tsx';
import { DeveloperGate } from '../developer-gate.tsx';
import { DeveloperAppDetail } from './developer-app-detail.tsx';

function DeveloperAppLoader({ did }: { did: string }) {
  const detail = useAppDetail('developer', did);
  if (detail.data) return <DeveloperAppDetail detail={detail.data} />;
  return detail.error ? (
    <LoadFailed error={detail.error} texts={APP_ERROR_TEXTS} onRetry={() => void detail.refetch()} />
  ) : (
    <Loading />
  );
}

/** `/developer/apps/:did`: one of the developer's apps and its review. */
export function DeveloperAppPage() {
  const { did = '' } = useParams();
  return (
    <DeveloperGate>
      <DeveloperAppLoader did={did} />
    </DeveloperGate>
  );
}
