import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedToDeleteInvitation, useSessionStore, type ListedInvitation } from 'shared-auth';
import { Checkbox, PagedList, SelectField, type PageRequest, type RowKey } from 'shared-ui';
import '../invitations.css';
import { searchInvitations, type InvitationFilter } from '../invitations.resource';
import { InvitationActionDialog } from './invitation-action-dialog.component';
import { invitationColumns, type InvitationAction } from './invitation-columns';

export interface InvitationsListProps {
  /** A role's invitations; without it the user's scope (all of them for a super user). */
  roleId?: number;
  /** Only the invitations the user sent. */
  mine?: boolean;
  defaultFilter?: InvitationFilter;
}

const FILTERS: InvitationFilter[] = ['open', 'accepted', 'expired', 'all'];

/** Invitations with filters, search, sort and paging; resend and revoke one or a selection (spec §2, §4). */
export function InvitationsList({ roleId, mine, defaultFilter = 'open' }: InvitationsListProps) {
  const { t } = useTranslation('invitations');
  const user = useSessionStore((state) => state.user);
  const [filter, setFilter] = useState<InvitationFilter>(defaultFilter);
  // The 'mine' filter of spec §2: a page of one's own invitations fixes it, other lists offer it.
  const [onlyMine, setOnlyMine] = useState(Boolean(mine));
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [reloads, setReloads] = useState(0);
  const [pending, setPending] = useState<{
    action: InvitationAction;
    invitations: ListedInvitation[];
  } | null>(null);
  // The rows on screen, to turn the selected ids back into invitations.
  const shown = useRef<ListedInvitation[]>([]);
  // After a resend or revoke, focus goes to the list's heading (with its new count) once the list is
  // drawn again: the row whose button had it may be gone (issue 44).
  const container = useRef<HTMLDivElement>(null);
  const focusHeadingAfterReload = useRef(false);

  const fetchPage = useCallback(
    async (request: PageRequest) => {
      const page = await searchInvitations({ ...request, roleId, mine: onlyMine, status: filter });
      shown.current = page.content;
      if (focusHeadingAfterReload.current) {
        focusHeadingAfterReload.current = false;
        // After the page's rows are drawn (the answer is rendered in a later task).
        setTimeout(() => {
          const heading = container.current?.querySelector<HTMLElement>('h1, h2, h3');
          if (!heading) return;
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          heading.focus();
        }, 50);
      }
      return page;
    },
    [roleId, onlyMine, filter],
  );
  // Resend and revoke: exactly the rule the server's DELETE applies (never an accepted invitation).
  const mayManage = (invitation: ListedInvitation) => allowedToDeleteInvitation(user, invitation);
  const act = (action: InvitationAction, invitations: ListedInvitation[]) =>
    setPending({ action, invitations });
  const selection = shown.current.filter((invitation) => selected.includes(invitation.id));

  return (
    <div className="inv-list" ref={container}>
      <PagedList<ListedInvitation>
        fetchPage={fetchPage}
        cappedTotal
        reloadKey={`${filter}:${onlyMine}:${reloads}`}
        columns={invitationColumns(t, {
          showRoles: roleId === undefined,
          mayManage,
          act: (action, invitation) => act(action, [invitation]),
        })}
        title={t('list.title')}
        emptyText={t('ui:noEntities.invitations')}
        defaultSort="createdAt"
        defaultSortDirection="DESC"
        selection={{
          selected,
          onChange: setSelected,
          isAllowed: mayManage,
          notAllowedText: t('list.notAllowed'),
          rowName: (invitation) => invitation.email,
        }}
        actions={
          <div className="inv-list-filters">
            <SelectField
              name="status"
              label={t('list.filterLabel')}
              value={filter}
              placeholder={null}
              options={FILTERS.map((value) => ({ value, label: t(`list.filter.${value}`) }))}
              onChange={(value) => {
                setFilter(value as InvitationFilter);
                setSelected([]);
              }}
            />
            {!mine && (
              <Checkbox
                id={`inv-only-mine-${roleId ?? 'all'}`}
                label={t('list.onlyMine')}
                checked={onlyMine}
                onChange={(checked) => {
                  setOnlyMine(checked);
                  setSelected([]);
                }}
              />
            )}
            {selection.length > 0 && (
              <>
                <button
                  type="button"
                  className="sds--btn sds--btn--secondary"
                  onClick={() => act('resend', selection)}
                >
                  {t('list.resendSelected', { count: selection.length })}
                </button>
                <button
                  type="button"
                  className="sds--btn sds--btn--secondary"
                  onClick={() => act('revoke', selection)}
                >
                  {t('list.revokeSelected', { count: selection.length })}
                </button>
              </>
            )}
          </div>
        }
      />
      {pending && (
        <InvitationActionDialog
          action={pending.action}
          invitations={pending.invitations}
          onClose={(changed) => {
            setPending(null);
            if (changed) {
              focusHeadingAfterReload.current = true;
              setSelected([]);
              setReloads((n) => n + 1);
            }
          }}
        />
      )}
    </div>
  );
}
