import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { PageFrame } from 'shared-ui';

/** Only paths inside the console may serve as the way back. */
function safeBack(back: string | null): string | undefined {
  return back && back.startsWith('/') && !back.startsWith('//') ? back : undefined;
}

/** audit-logs/{id}?name=…&back=…: the history of one item, reached from a unit header's menu. */
export default function AuditLogsPage() {
  const { t } = useTranslation('system');
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const name = searchParams.get('name') ?? id;
  const back = safeBack(searchParams.get('back'));
  const title = t('auditLogsTitle', { name });
  return (
    <PageFrame
      title={title}
      breadcrumb={[{ path: '/home', value: t('home') }, { path: back, value: name }, { value: title }]}
    >
      <p>{t('auditLogsInfo')}</p>
    </PageFrame>
  );
}
