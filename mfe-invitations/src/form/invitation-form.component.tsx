import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  highestAuthority,
  isApiError,
  setFlash,
  useSessionStore,
  type Authority,
  type Locale,
  type Role,
} from 'shared-auth';
import { InputField, SelectField, useLoad } from 'shared-ui';
import {
  createInvitation,
  fetchGrantableApplications,
  validateOrganizationGUID,
} from '../invitations.resource';
import { AdvancedSettings } from './advanced-settings.component';
import { ApplicationsSelect } from './applications-select.component';
import { useBulkProgress } from './bulk-progress';
import { BulkProgress } from './bulk-progress.component';
import {
  applicationsRequired,
  authorityChoices,
  defaultExpiryDate,
  organizationRequired,
  overrideAllowed,
  roleEndDateCap,
  roleExpiryFor,
  rolesRequired,
  settingsFromRoles,
  toInvitationRequest,
  validateInvitation,
  type InvitationFormValues,
} from './invitation-form.rules';
import { InviteesField } from './invitees-field.component';
import { OrganizationField } from './organization-field.component';
import { RoleCards } from './role-cards.component';
import { RolesSelect } from './roles-select.component';

export interface InvitationFormProps {
  /** The roles the user may invite for. */
  roles: Role[];
  initialRoleId: number | null;
  initialAuthority: Authority;
}

/** The invitation form of spec §2 with the rules of §4 and §5; Invite creates and goes to the role. */
export function InvitationForm({ roles, initialRoleId, initialAuthority }: InvitationFormProps) {
  const { t, i18n } = useTranslation('invitations');
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const initialRoles = roles.filter((role) => role.id === initialRoleId);
  const [values, setValues] = useState<InvitationFormValues>(() => {
    const expiryDate = defaultExpiryDate();
    return {
      invitees: [],
      intendedAuthority: initialAuthority,
      roleIds: initialRoles.map((role) => role.id),
      message: '',
      language: (i18n.language === 'nl' ? 'nl' : 'en') as Locale,
      expiryDate,
      roleExpiryDate: roleExpiryFor(initialAuthority, initialRoles, null, expiryDate),
      ...settingsFromRoles(initialRoles),
      guestRoleIncluded: false,
      organizationGUID: '',
      manageIdentifiers: [],
    };
  });
  const [organizationValid, setOrganizationValid] = useState<boolean | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const bulk = useBulkProgress();

  const chosen = useMemo(
    () => roles.filter((role) => values.roleIds.includes(role.id)),
    [roles, values.roleIds],
  );
  const choices = authorityChoices(user, chosen);
  const withRoles = rolesRequired(values.intendedAuthority);
  const texts = {
    requiredEmail: t('ui:forms.requiredEmail'),
    requiredRole: t('ui:forms.requiredRole'),
    requiredOrganizationGUID: t('ui:forms.requiredOrganizationGUID'),
    requiredApplication: t('form.requiredApplication'),
  };
  const forApplications = applicationsRequired(values.intendedAuthority);
  // Read only once an application manager is to be invited: the others never need the list.
  const grantable = useLoad(
    () => (forApplications ? fetchGrantableApplications(Boolean(user?.superUser)) : Promise.resolve([])),
    [forApplications],
  );
  const errors = submitted ? validateInvitation(values, { user, organizationValid }, texts) : {};
  const update = (changes: Partial<InvitationFormValues>) =>
    setValues((previous) => ({ ...previous, ...changes }));

  const chooseRoles = (roleIds: number[]) => {
    const picked = roles.filter((role) => roleIds.includes(role.id));
    const allowed = authorityChoices(user, picked);
    const intendedAuthority =
      allowed.length === 0 || allowed.includes(values.intendedAuthority)
        ? values.intendedAuthority
        : allowed[allowed.length - 1];
    update({
      roleIds,
      intendedAuthority,
      ...settingsFromRoles(picked),
      roleExpiryDate: roleExpiryFor(intendedAuthority, picked, values.roleExpiryDate, values.expiryDate),
    });
  };

  const chooseAuthority = (intendedAuthority: Authority) =>
    update({
      intendedAuthority,
      roleExpiryDate: roleExpiryFor(intendedAuthority, chosen, values.roleExpiryDate, values.expiryDate),
    });

  const submit = async () => {
    setSubmitted(true);
    let checked = organizationValid;
    if (
      organizationRequired(user, values.intendedAuthority) &&
      checked === null &&
      values.organizationGUID.trim()
    ) {
      checked = Boolean(await validateOrganizationGUID(values.organizationGUID.trim()));
      setOrganizationValid(checked);
    }
    const problems = validateInvitation(values, { user, organizationValid: checked }, texts);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const request = toInvitationRequest(values, chosen);
      const summary = await bulk.track(request.invites.length, (progressKey) =>
        createInvitation(request, progressKey),
      );
      setFlash(t('form.created', { count: summary.created }), 'success');
      const roleId = initialRoleId ?? values.roleIds[0];
      if (roleId !== undefined && withRoles) navigate(`/roles/${roleId}/invitations`);
      else navigate(-1);
    } catch (error) {
      const reason = isApiError(error) && error.body?.message ? error.body.message : '';
      setFlash(t('form.createFailed', { reason }), 'error');
      setSaving(false);
    }
  };

  const inviterView = highestAuthority(user) === 'INVITER';
  const roleField = inviterView ? (
    <RoleCards roles={roles} selected={values.roleIds} onChange={chooseRoles} error={errors.roles} />
  ) : (
    <RolesSelect roles={roles} selected={values.roleIds} onChange={chooseRoles} error={errors.roles} />
  );

  return (
    <form
      className="inv-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {inviterView && roleField}
      <InviteesField
        values={values.invitees}
        onChange={(invitees) => update({ invitees })}
        error={errors.invitees}
      />
      {!inviterView && (
        <SelectField
          name="intendedAuthority"
          label={t('form.authority')}
          value={values.intendedAuthority}
          placeholder={null}
          options={choices.map((authority) => ({
            value: authority,
            label: t(`ui:authorities.${authority}`),
          }))}
          onChange={(authority) => chooseAuthority(authority as Authority)}
        />
      )}
      {organizationRequired(user, values.intendedAuthority) && (
        <OrganizationField
          value={values.organizationGUID}
          onChange={(organizationGUID) => update({ organizationGUID })}
          onChecked={setOrganizationValid}
          error={errors.organizationGUID}
        />
      )}
      {forApplications && (
        <ApplicationsSelect
          applications={grantable.data ?? []}
          selected={values.manageIdentifiers}
          onChange={(manageIdentifiers) => update({ manageIdentifiers })}
          error={errors.applications}
        />
      )}
      {!inviterView && withRoles && roleField}
      <InputField
        name="message"
        label={t('form.message')}
        multiline
        maxLength={4000}
        placeholder={t('form.messagePlaceholder')}
        value={values.message}
        onChange={(message) => update({ message })}
      />
      <SelectField
        name="language"
        label={t('form.language')}
        value={values.language}
        placeholder={null}
        options={[
          { value: 'en', label: t('form.languageEn') },
          { value: 'nl', label: t('form.languageNl') },
        ]}
        onChange={(language) => update({ language: language as Locale })}
      />
      <AdvancedSettings
        values={values}
        onChange={update}
        overridable={chosen.length > 0 && overrideAllowed(chosen)}
        withRoles={withRoles}
        rolesChosen={chosen.length > 0}
        roleExpiryMaximum={roleEndDateCap(chosen)}
      />
      {bulk.progress && <BulkProgress progress={bulk.progress} />}
      <div className="inv-form-actions">
        <button type="button" className="sds--btn sds--btn--secondary" onClick={() => navigate(-1)}>
          {t('form.cancel')}
        </button>
        <button type="submit" className="sds--btn sds--btn--primary" disabled={saving}>
          {t('form.invite')}
        </button>
      </div>
    </form>
  );
}
