import { useTranslation } from 'react-i18next';
import type { Role } from 'shared-auth';
import {
  useRoleProvisioning,
  type RoleProvisioning,
  type RoleProvisioningStatus,
} from '../resources/provisioning.resource';
import { applicationLabel } from './role.display';

const STATUS_STYLE: Record<RoleProvisioningStatus, string> = {
  delivered: 'status-success',
  waiting: 'status-info',
  failed: 'status-error',
};

function targetName(target: RoleProvisioning['target'], language: string): string {
  const [first, second] = language === 'nl' ? (['nl', 'en'] as const) : (['en', 'nl'] as const);
  return target[`name:${first}`] || target[`name:${second}`] || target.id;
}

/** One target: its name, the role's applications it provisions, its badge, the members and any refusals. */
function TargetState({ state, role }: { state: RoleProvisioning; role: Role }) {
  const { t, i18n } = useTranslation('roles');
  const applications = state.roleApplications.map((manageId) => {
    const map = (role.applicationMaps ?? []).find(
      (candidate) => candidate.id === manageId && !candidate.unknown,
    );
    return map ? applicationLabel(map, i18n.language) : manageId;
  });
  const name = targetName(state.target, i18n.language);
  return (
    <li className="roles-provisioning-target">
      <div className="roles-provisioning-line">
        <strong>{name}</strong>
        <span className={`sds--chips ${STATUS_STYLE[state.status]} roles-provisioning-status`}>
          <span className="sds--chips--textual sds--text--body--small">
            {t(`provisioning.status.${state.status}`)}
          </span>
        </span>
      </div>
      <p>{t('provisioning.applications', { applications: applications.join(', ') })}</p>
      <p>
        {t('provisioning.membersDelivered', { delivered: state.delivered, count: state.members })}
        {state.target.groups && !state.groupDelivered && ` · ${t('provisioning.groupNotDelivered')}`}
        {state.waiting > 0 && ` · ${t('provisioning.waiting', { count: state.waiting })}`}
      </p>
      {state.status === 'failed' && state.failures.length > 0 && (
        <ul className="roles-provisioning-failures" aria-label={t('provisioning.failures')}>
          {state.failures.map((failure, index) => (
            <li key={`${failure.kind}-${failure.label ?? ''}-${index}`}>
              <strong>
                {/* A group's label is this role's own name: say what it is instead. */}
                {failure.kind === 'group'
                  ? t('provisioning.theGroup')
                  : (failure.label ?? t('provisioning.removedPerson'))}
              </strong>
              {': '}
              {[failure.lastStatus, failure.lastError]
                .filter((part) => part !== null && part !== '')
                .join(' ')}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * How the role's access reaches the SCIM targets of its applications (issue 41): per target delivered,
 * waiting or failed, with the refusals' reasons. Nothing at all for a role no target provisions.
 */
export function RoleProvisioningSection({ role }: { role: Role }) {
  const { t } = useTranslation('roles');
  const { data, error, reload } = useRoleProvisioning(role.id);
  if (error)
    return (
      <section className="roles-provisioning" aria-labelledby="roles-provisioning-title">
        <h2 id="roles-provisioning-title" className="sds--text--h4">
          {t('provisioning.title')}
        </h2>
        <p role="alert" className="roles-provisioning-failed-load">
          {t('provisioning.loadFailed')}{' '}
          <button type="button" className="sds--btn sds--btn--small sds--btn--secondary" onClick={reload}>
            {t('provisioning.retry')}
          </button>
        </p>
      </section>
    );
  if (!data || data.length === 0) return null;
  return (
    <section className="roles-provisioning" aria-labelledby="roles-provisioning-title">
      <h2 id="roles-provisioning-title" className="sds--text--h4">
        {t('provisioning.title')}
      </h2>
      <ul className="roles-provisioning-targets">
        {data.map((state) => (
          <TargetState key={state.target.id} state={state} role={role} />
        ))}
      </ul>
    </section>
  );
}
