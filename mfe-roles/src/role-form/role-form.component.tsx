import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError, setFlash, useSessionStore, type Provider, type Role, type User } from 'shared-auth';
import { formatDateTime, InputField, SwitchField } from 'shared-ui';
import { validateOrganizationGUID, validateUrl } from '../resources/manage.resource';
import { deleteRole, fetchConsequences, saveRole, type Consequence } from '../resources/roles.resource';
import { AcrChoice } from './acr-choice.component';
import { ApplicationsSection } from './applications-section.component';
import { DeleteRoleDialog } from './delete-role-dialog.component';
import { RoleExpiry } from './role-expiry.component';
import { reloadCurrentUser } from './reload-user';
import {
  hasErrors,
  roleFormErrors,
  shortNamePreview,
  toRoleInput,
  type RoleFormValues,
} from './role-form.rules';

interface RoleFormProps {
  user: User;
  role: Role | null;
  initial: RoleFormValues;
  choices: Provider[];
  /** Managers keep applications and landing pages; only super users and institution admins change them. */
  applicationsReadOnly: boolean;
  mayDelete: boolean;
}

/** The role form of spec §2, §4 and §5: details, applications, invitation settings; delete, cancel, save. */
export function RoleForm({ user, role, initial, choices, applicationsReadOnly, mayDelete }: RoleFormProps) {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const groupUrnPrefix = useSessionStore((state) => state.config.groupUrnPrefix);
  const [values, setValues] = useState(initial);
  // Fields the user has changed: their rule messages show from then on (an untouched form shows none).
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());
  const [guidValid, setGuidValid] = useState(true);
  const [invalidLandingPages, setInvalidLandingPages] = useState<string[]>([]);
  const [nameTaken, setNameTaken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [consequences, setConsequences] = useState<Consequence[] | null>(null);
  // Set when Save was tried with rules unmet: the summary says what is missing, focus goes to the first.
  const [tried, setTried] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const superUser = user.superUser;
  const errors = useMemo(
    () => roleFormErrors(values, { organizationGUIDValid: guidValid, invalidLandingPages }, superUser),
    [values, guidValid, invalidLandingPages, superUser],
  );
  const set = (change: Partial<RoleFormValues>) => {
    setVisited((previous) => new Set([...previous, ...Object.keys(change)]));
    setValues((previous) => ({ ...previous, ...change }));
  };
  const message = (key: string | undefined, field: keyof RoleFormValues, attribute: string) =>
    visited.has(field) && key ? t(`ui:forms.${key}`, { attribute }) : undefined;
  /** A field left (blur) counts as visited: its rule message shows, even if nothing was typed. */
  const leave = (field: keyof RoleFormValues) => () =>
    setVisited((previous) => (previous.has(field) ? previous : new Set([...previous, field])));
  useLayoutEffect(() => {
    if (tried === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [tried]);

  const checkGuid = async () => {
    const guid = values.organizationGUID.trim();
    if (!guid) return setGuidValid(true);
    try {
      await validateOrganizationGUID(guid);
      setGuidValid(true);
    } catch {
      setGuidValid(false);
    }
  };
  const checkLandingPage = async (landingPage: string) => {
    if (!landingPage) return;
    const valid = await validateUrl(landingPage).catch(() => false);
    setInvalidLandingPages((previous) =>
      valid ? previous.filter((page) => page !== landingPage) : [...new Set([...previous, landingPage])],
    );
  };

  const save = async () => {
    if (busy) return;
    if (hasErrors(errors)) {
      // Save stays focusable (aria-disabled): a keyboard user who presses it learns what is missing.
      setVisited(new Set(Object.keys(values)));
      setTried((count) => count + 1);
      return;
    }
    setBusy(true);
    try {
      const saved = await saveRole(toRoleInput(values, role?.id, superUser));
      // Spec §4: editing one of the user's own roles reloads the user first.
      if (role && user.userRoles.some((userRole) => userRole.role?.id === role.id)) await reloadCurrentUser();
      setFlash(t(role ? 'roleUpdated' : 'roleCreated', { name: saved.name }));
      navigate(`/roles/${saved.id}`);
    } catch (error) {
      setNameTaken(isApiError(error) && error.status === 409);
      setBusy(false);
    }
  };

  const askDelete = async () => {
    if (!role) return;
    setConsequences(await fetchConsequences(role.id).catch(() => []));
  };
  const confirmDelete = async () => {
    if (!role) return;
    setConsequences(null);
    try {
      await deleteRole(role.id);
      setFlash(t('roleDeleted', { name: role.name }));
      navigate('/home/roles');
    } catch {
      // The failure dialog (with its reference) is already open.
    }
  };

  const shortName = role ? role.shortName : shortNamePreview(values.name);
  const nameError = nameTaken
    ? t('ui:forms.alreadyExists', { attribute: t('shortName') })
    : message(errors.name, 'name', t('name'));
  const missing = missingFields(errors, t);
  return (
    <form
      ref={form}
      className="roles-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <section aria-labelledby="role-form-details">
        <h2 id="role-form-details" className="sds--text--h4">
          {t('roleDetails')}
        </h2>
        <InputField
          name="name"
          label={t('name')}
          value={values.name}
          required
          onChange={(name) => {
            setNameTaken(false);
            set({ name });
          }}
          onBlur={leave('name')}
          error={nameError}
        />
        <p className="sds--text--body--small roles-hint">
          {t('shortNamePreview', { shortName: shortName || '…' })}
          {groupUrnPrefix && shortName ? ` · ${groupUrnPrefix}:${shortName}` : ''}
        </p>
        <InputField
          name="description"
          label={t('description')}
          value={values.description}
          multiline
          required
          onChange={(description) => set({ description })}
          onBlur={leave('description')}
          error={message(errors.description, 'description', t('description'))}
        />
        {superUser && (
          <InputField
            name="organizationGUID"
            label={t('organizationGUID')}
            value={values.organizationGUID}
            onChange={(organizationGUID) => set({ organizationGUID })}
            onBlur={() => void checkGuid()}
            error={
              errors.organizationGUID
                ? t('ui:forms.invalid', { attribute: t('organizationGUID') })
                : undefined
            }
          />
        )}
        {superUser && role?.auditable?.createdBy && (
          <p className="sds--text--body--small">
            {t('createdBy', {
              name: role.auditable.createdBy,
              date: formatDateTime(role.auditable.createdAt),
            })}
          </p>
        )}
      </section>
      <ApplicationsSection
        applications={values.applications}
        choices={choices}
        readOnly={applicationsReadOnly}
        onChange={(applications) => set({ applications })}
        onLandingPageBlur={(landingPage) => void checkLandingPage(landingPage)}
        onApplicationBlur={leave('applications')}
        errors={{
          applications: visited.has('applications') ? errors.applications : undefined,
          landingPages: visited.has('applications') || role ? errors.landingPages : undefined,
        }}
      />
      <section aria-labelledby="role-form-invitations">
        <h2 id="role-form-invitations" className="sds--text--h4">
          {t('invitationDetails')}
        </h2>
        <RoleExpiry values={values} errors={errors} onChange={set} />
        <SwitchField
          name="customInviterName"
          label={t('customInviterName')}
          value={values.customInviterName}
          // Spec §4: turning the switch off clears the name.
          onChange={(customInviterName) =>
            set({ customInviterName, inviterDisplayName: customInviterName ? values.inviterDisplayName : '' })
          }
        />
        {values.customInviterName && (
          <InputField
            name="inviterDisplayName"
            label={t('inviterDisplayName')}
            value={values.inviterDisplayName}
            onChange={(inviterDisplayName) => set({ inviterDisplayName })}
            error={errors.inviterDisplayName ? t('ui:forms.inviterDisplayNameRequired') : undefined}
          />
        )}
        <SwitchField
          name="overrideSettingsAllowed"
          label={t('overrideSettingsAllowed')}
          value={values.overrideSettingsAllowed}
          onChange={(overrideSettingsAllowed) => set({ overrideSettingsAllowed })}
        />
        <SwitchField
          name="enforceEmailEquality"
          label={t('enforceEmailEquality')}
          value={values.enforceEmailEquality}
          onChange={(enforceEmailEquality) => set({ enforceEmailEquality })}
        />
        <SwitchField
          name="eduIDOnly"
          label={t('eduIDOnly')}
          value={values.eduIDOnly}
          onChange={(eduIDOnly) => set({ eduIDOnly })}
        />
        <AcrChoice
          value={values.requestedAuthnContext}
          onChange={(requestedAuthnContext) => set({ requestedAuthnContext })}
        />
      </section>
      <div className="roles-form-actions">
        {role && mayDelete && (
          <button
            type="button"
            className="sds--btn sds--btn--delete--secondary"
            onClick={() => void askDelete()}
          >
            {t('delete')}
          </button>
        )}
        <button
          type="button"
          className="sds--btn sds--btn--secondary"
          onClick={() => navigate(role ? `/roles/${role.id}` : '/home/roles')}
        >
          {t('cancel')}
        </button>
        <button
          type="submit"
          className="sds--btn sds--btn--primary"
          aria-disabled={busy || missing.length > 0}
          aria-describedby={missing.length > 0 ? 'role-form-missing' : undefined}
        >
          {t('save')}
        </button>
      </div>
      {missing.length > 0 && (
        // Always in the page (Save points at it); shown, and announced, once Save was tried.
        <p
          id="role-form-missing"
          className={tried > 0 ? 'roles-form-missing ui-field-error' : 'sds--visually-hidden'}
          role={tried > 0 ? 'alert' : undefined}
        >
          {t('missingFields', { fields: missing.join(', ') })}
        </p>
      )}
      {role && consequences && (
        <DeleteRoleDialog
          role={role}
          consequences={consequences}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConsequences(null)}
        />
      )}
    </form>
  );
}

/** The names of the fields whose rules are not met, in the form's order. */
function missingFields(errors: ReturnType<typeof roleFormErrors>, t: (key: string) => string): string[] {
  const labels: [keyof typeof errors, string][] = [
    ['name', 'name'],
    ['description', 'description'],
    ['organizationGUID', 'organizationGUID'],
    ['applications', 'applicationField'],
    ['landingPages', 'landingPage'],
    ['defaultExpiryDays', 'defaultExpiryDays'],
    ['endDate', 'roleEndDate'],
    ['inviterDisplayName', 'inviterDisplayName'],
  ];
  return labels.filter(([field]) => errors[field] !== undefined).map(([, key]) => t(key));
}
