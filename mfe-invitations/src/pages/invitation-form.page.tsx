import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { PageFrame } from 'shared-ui';

/** invitation/{id}: the invitation form; `new` (with ?maintainer=true for a maintainer) creates one. */
export default function InvitationFormPage() {
  const { t } = useTranslation('invitations');
  const { id = 'new' } = useParams();
  const [searchParams] = useSearchParams();
  const title =
    id !== 'new'
      ? t('invitationEditTitle', { id })
      : searchParams.get('maintainer') === 'true'
        ? t('invitationMaintainerTitle')
        : t('invitationNewTitle');
  return (
    <PageFrame title={title} breadcrumb={[{ path: '/home', value: t('home') }, { value: title }]}>
      <p>{t('invitationFormInfo')}</p>
    </PageFrame>
  );
}
