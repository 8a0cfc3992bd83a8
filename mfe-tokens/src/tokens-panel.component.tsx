import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setFlash, tokenColumnsFor, useSessionStore, type ApiToken } from 'shared-auth';
import { EntityTable, Loader, type SlotProps } from 'shared-ui';
import { ApiDocsLink } from './api-usage.component';
import { DeleteTokenDialog } from './delete-token-dialog.component';
import { TokenForm } from './token-form.component';
import { tokenColumns } from './tokens.columns';
import './tokens.css';
import { generateToken, useTokens } from './tokens.resource';

/**
 * The token list with creation and deletion: the body of the /tokens page and of the home tab `tokens`.
 * States render in the order loading → error → empty → data.
 */
export default function TokensPanel(_props: SlotProps) {
  const { t } = useTranslation('tokens');
  const user = useSessionStore((state) => state.user);
  const { data, error, loading, reload } = useTokens();
  const [secret, setSecret] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [toDelete, setToDelete] = useState<ApiToken | null>(null);

  const startNew = async () => {
    setGenerating(true);
    try {
      const { token } = await generateToken();
      setSecret(token);
    } catch {
      setFlash(t('generateFailed'), 'error');
    } finally {
      setGenerating(false);
    }
  };

  if (secret !== null) {
    return (
      <TokenForm
        secret={secret}
        onClose={(saved) => {
          setSecret(null);
          if (saved) reload();
        }}
      />
    );
  }
  if (loading && !data) return <Loader />;
  if (error) {
    return (
      <div className="tokens-load-failure" role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className="sds--btn sds--btn--secondary" onClick={reload}>
          {t('retry')}
        </button>
      </div>
    );
  }

  return (
    <div className="tokens-panel">
      <EntityTable<ApiToken>
        entities={data ?? []}
        columns={tokenColumns(t, tokenColumnsFor(user), setToDelete)}
        title={t('title')}
        searchAttributes={['description', 'owner', 'organizationGUID']}
        searchPlaceholder={t('searchPlaceholder')}
        defaultSort="createdAt"
        defaultSortDirection="desc"
        loading={loading || generating}
        emptyText={t('empty')}
        newEntity={{ label: t('new'), onClick: () => void startNew() }}
      />
      <p className="tokens-docs">
        <ApiDocsLink />
      </p>
      {toDelete && (
        <DeleteTokenDialog
          token={toDelete}
          onClose={(deleted) => {
            setToDelete(null);
            if (deleted) reload();
          }}
        />
      )}
    </div>
  );
}
