import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-auth';
import { CopyControl } from 'shared-ui';

/** Where the external API's reference page lives, on the API server. */
export const API_DOCS_PATH = '/api/external/v1/docs';

/** The API server's address as the console knows it (config.serverUrl), else the page's own origin. */
function useServerUrl(): string {
  const configured = useSessionStore((state) => state.config.serverUrl);
  return (configured || window.location.origin).replace(/\/$/, '');
}

/** A first call with `secret`, for a terminal: the roles the new token reaches. */
export function curlExample(serverUrl: string, secret: string): string {
  return `curl -H 'X-API-TOKEN: ${secret}' '${serverUrl}/api/external/v1/roles'`;
}

/** The link to the external API's reference page. */
export function ApiDocsLink() {
  const { t } = useTranslation('tokens');
  const serverUrl = useServerUrl();
  return (
    <a href={`${serverUrl}${API_DOCS_PATH}`} target="_blank" rel="noopener noreferrer">
      {t('apiDocs')}
    </a>
  );
}

/** How to use a new token: a copyable curl example with its secret and the reference page. */
export function ApiUsage({ secret }: { secret: string }) {
  const { t } = useTranslation('tokens');
  const titleId = useId();
  const example = curlExample(useServerUrl(), secret);
  return (
    <section className="tokens-usage" aria-labelledby={titleId}>
      <h3 id={titleId} className="sds--text--h4">
        {t('usageTitle')}
      </h3>
      <p>{t('usageInfo')}</p>
      <div className="tokens-curl">
        <pre aria-label={t('curlExample')}>
          <code>{example}</code>
        </pre>
        <CopyControl value={example} label={t('curlExample')} />
      </div>
      <p>
        <ApiDocsLink />
      </p>
    </section>
  );
}
