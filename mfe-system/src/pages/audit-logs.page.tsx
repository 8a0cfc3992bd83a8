import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { isApiError, useSessionStore } from 'shared-auth';
import { Loader, PageFrame, Pagination, useLoad } from 'shared-ui';
import { AuditFilters, dayToDate, type AuditFilterValues } from '../audit/audit-filters.component';
import {
  AUDIT_EVENTS,
  AUDIT_SUBJECT_TYPES,
  fetchAuditLogs,
  type AuditEvent,
  type AuditQuery,
  type AuditSubjectType,
} from '../audit/audit-logs.resource';
import { AuditTable } from '../audit/audit-table.component';
import { pageSubject, subjectQuery } from '../audit/audit-subjects';
import { LoadFailure } from '../system/load-failure.component';
import '../system.css';

export const AUDIT_PAGE_SIZE = 20;

/** Only paths inside the console may serve as the way back. */
function safeBack(back: string | null): string | undefined {
  return back && back.startsWith('/') && !back.startsWith('//') ? back : undefined;
}

/** A yyyy-MM-dd day as epoch seconds at local midnight; `dayAfter` for an exclusive end. */
function epochOf(day: string, dayAfter = false): number | undefined {
  const date = dayToDate(day);
  if (!date) return undefined;
  if (dayAfter) date.setDate(date.getDate() + 1);
  return Math.floor(date.getTime() / 1000);
}

const FILTER_KEYS = ['actor', 'action', 'kind', 'from', 'to'] as const;

/**
 * The audit trail: `audit-logs` (everything; super users) and `audit-logs/{id}?subject=role|user|invitation`
 * (one subject's history, role by default; `name` titles it, `back` is the way back). Filters live in
 * the URL (actor, action, kind, from, to, page), so a filtered trail can be linked to.
 */
export default function AuditLogsPage() {
  const { t } = useTranslation('system');
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const superUser = useSessionStore((state) => Boolean(state.user?.superUser));
  const subject = pageSubject(params.get('subject'));
  const subjectId = id && /^\d+$/.test(id) ? Number(id) : null;
  const name = params.get('name') ?? (subjectId !== null ? `#${subjectId}` : '');
  const back = safeBack(params.get('back'));
  const page = Math.max(1, Number(params.get('page')) || 1);

  const values: AuditFilterValues = {
    actor: params.get('actor') ?? '',
    action: params.get('action') ?? '',
    kind: params.get('kind') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const from = epochOf(values.from);
  const to = epochOf(values.to, true);
  const periodError =
    from !== undefined && to !== undefined && from >= to ? t('audit.periodInvalid') : undefined;

  const query = useMemo<AuditQuery>(() => {
    const action = AUDIT_EVENTS.find((event) => event === values.action) as AuditEvent | undefined;
    const kind = AUDIT_SUBJECT_TYPES.find((type) => type === values.kind) as AuditSubjectType | undefined;
    return {
      ...(subjectId !== null ? subjectQuery(subject, subjectId) : kind ? { entityType: kind } : {}),
      ...(values.actor.trim() ? { actor: values.actor.trim() } : {}),
      ...(action ? { action } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined && !periodError ? { to } : {}),
      pageNumber: page - 1,
      pageSize: AUDIT_PAGE_SIZE,
    };
  }, [subject, subjectId, values.actor, values.action, values.kind, from, to, periodError, page]);
  const { data, error, loading, reload } = useLoad(() => fetchAuditLogs(query), [JSON.stringify(query)]);

  const setFilters = useCallback(
    (next: AuditFilterValues) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const key of FILTER_KEYS) {
            if (next[key]) updated.set(key, next[key]);
            else updated.delete(key);
          }
          // A new filter starts at the first page.
          updated.delete('page');
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const goToPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('page', String(next));
      return updated;
    });

  if (id !== undefined && subjectId === null) return <Navigate to="/404" replace />;
  if (subjectId === null && !superUser) return <Navigate to="/404" replace />;
  // The server decides who may read a history (a role's editors may read the role's): a refusal is a 404.
  if (isApiError(error) && (error.status === 403 || error.status === 404))
    return <Navigate to="/404" replace />;

  const title = subjectId !== null ? t('auditLogsTitle', { name }) : t('audit.title');
  const breadcrumb =
    subjectId !== null
      ? [{ path: '/home', value: t('home') }, { path: back, value: name }, { value: t('audit.history') }]
      : [
          { path: '/home', value: t('home') },
          { path: '/system', value: t('systemTitle') },
          { value: t('audit.title') },
        ];

  return (
    <PageFrame title={title} breadcrumb={breadcrumb}>
      <p className="system-audit-info">
        {subjectId !== null ? t(`audit.info.${subject}`) : t('audit.info.all')}
      </p>
      <AuditFilters
        values={values}
        onChange={setFilters}
        showKind={subjectId === null}
        periodError={periodError}
      />
      {loading && !data ? (
        <Loader />
      ) : error ? (
        <LoadFailure onRetry={reload} />
      ) : !data || data.content.length === 0 ? (
        <p className="ui-no-entities">{t('audit.empty')}</p>
      ) : (
        <section
          aria-busy={loading || undefined}
          aria-label={t('audit.results', { count: data.totalElements })}
        >
          <p className="system-audit-count">
            {data.totalElements > 1000
              ? t('audit.moreThan')
              : t('audit.count', { count: data.totalElements })}
          </p>
          <AuditTable records={data.content} />
          <Pagination
            total={data.totalElements}
            pageSize={AUDIT_PAGE_SIZE}
            currentPage={page}
            onChange={goToPage}
          />
        </section>
      )}
    </PageFrame>
  );
}
