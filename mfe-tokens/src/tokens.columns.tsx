import type { TFunction } from 'i18next';
import type { ApiToken, TokenColumns } from 'shared-auth';
import { formatDate, formatDateTime, type EntityColumn } from 'shared-ui';

/** The secret is stored one-way hashed and shown once only (spec §3): lists show this instead. */
export const SECRET_PLACEHOLDER = '••••••••';

function ownerName(token: ApiToken): string {
  return token.owner ?? token.ownerEmail ?? '';
}

/** The token list's columns for what the current user may see (spec §6). */
export function tokenColumns(
  t: TFunction<'tokens'>,
  visible: TokenColumns,
  onDelete: (token: ApiToken) => void,
): EntityColumn<ApiToken>[] {
  const columns: Array<EntityColumn<ApiToken> | false> = [
    { key: 'description', header: t('columnDescription') },
    {
      key: 'secret',
      header: t('columnSecret'),
      sortable: false,
      render: () => <span className="tokens-secret-placeholder">{SECRET_PLACEHOLDER}</span>,
    },
    visible.owner && { key: 'owner', header: t('columnOwner'), render: ownerName, sortValue: ownerName },
    visible.superUserToken && {
      key: 'superUserToken',
      header: t('columnSuperUserToken'),
      render: (token) => (token.superUserToken ? t('yes') : t('no')),
    },
    visible.organizationGUID && { key: 'organizationGUID', header: t('columnOrganizationGUID') },
    { key: 'createdAt', header: t('columnCreatedAt'), render: (token) => formatDate(token.createdAt) },
    {
      key: 'lastUsedAt',
      header: t('columnLastUsedAt'),
      render: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('neverUsed')),
    },
    {
      key: 'actions',
      header: <span className="sds--visually-hidden">{t('columnActions')}</span>,
      sortable: false,
      render: (token) => (
        <button
          type="button"
          className="sds--btn sds--btn--small sds--btn--secondary"
          aria-label={t('deleteLabel', { description: token.description })}
          onClick={() => onDelete(token)}
        >
          {t('delete')}
        </button>
      ),
    },
  ];
  return columns.filter((column): column is EntityColumn<ApiToken> => Boolean(column));
}
