import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  clearSavedLocation,
  isApiError,
  isInvitationExpired,
  page,
  startLogin,
  useSessionStore,
  type Invitation,
} from 'shared-auth';
import { ConfirmationDialog, formatDate, Loader, PageFrame, useLoad } from 'shared-ui';
import {
  acceptAndRefresh,
  loginToAccept,
  redeemLinkAfterAccept,
  shouldAutoAccept,
} from '../accept/accept-flow';
import { AssuranceMissing } from '../accept/assurance-missing.component';
import { InvitationDetails } from '../accept/invitation-details.component';
import '../invitations.css';
import { fetchPublicInvitation } from '../invitations.resource';

/** invitation/accept?hash=…: public; shows the invitation and the way to accept it (spec §4, §8). */
export default function InvitationAcceptPage() {
  const { t } = useTranslation('invitations');
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const authenticated = useSessionStore((state) => state.authenticated);
  const hash = searchParams.get('hash') ?? '';
  const { data: invitation, error } = useLoad(
    () => (hash ? fetchPublicInvitation(hash) : Promise.resolve(null)),
    [hash],
  );
  const [accepting, setAccepting] = useState(false);
  const [wrongEmail, setWrongEmail] = useState<string | null>(null);
  const [assuranceMissing, setAssuranceMissing] = useState<string | null>(null);
  const started = useRef(false);

  // No hash, or no invitation for it: /404. 409: accepted already; a logged-in user goes home, anyone else
  // logs in (spec §8).
  useEffect(() => {
    if (hash && !error) return;
    if (hash && isApiError(error) && error.status === 409) {
      if (useSessionStore.getState().authenticated) navigate('/', { replace: true });
      else {
        clearSavedLocation();
        startLogin();
      }
    } else navigate('/404', { replace: true });
  }, [hash, error, navigate]);

  const expired = invitation ? isInvitationExpired(invitation) : false;

  useEffect(() => {
    if (!invitation || expired || started.current || !shouldAutoAccept(authenticated)) return;
    started.current = true;
    setAccepting(true);
    void acceptAndRefresh(hash, invitation.id).then(async (outcome) => {
      if (outcome.kind === 'accepted') {
        // A role at a Microsoft Graph provisioning: the guest redeems its invitation first, then comes back.
        const redeemUrl = await redeemLinkAfterAccept();
        if (redeemUrl) {
          page.assign(redeemUrl);
          return;
        }
      }
      setAccepting(false);
      if (outcome.kind === 'accepted') navigate('/home');
      else if (outcome.kind === 'wrongEmail') setWrongEmail(outcome.email);
      else if (outcome.kind === 'assuranceMissing') setAssuranceMissing(outcome.requestedAuthnContext);
    });
  }, [invitation, expired, authenticated, hash, navigate]);

  const login = () => void loginToAccept(hash, `${location.pathname}${location.search}`);

  return (
    <PageFrame title={t('acceptTitle')}>
      <div className="inv-accept">
        {!invitation || accepting ? (
          <Loader />
        ) : expired ? (
          <div role="alert">
            <p className="sds--text--h4">
              {t('accept.expired', { date: formatDate(invitation.expiryDate) })}
            </p>
            <p>{t('accept.expiredContact', { inviter: inviterOf(invitation) })}</p>
          </div>
        ) : (
          <>
            {assuranceMissing && <AssuranceMissing acr={assuranceMissing} />}
            <InvitationDetails invitation={invitation} />
            <div>
              <button type="button" className="sds--btn sds--btn--primary" onClick={login}>
                {assuranceMissing ? t('accept.loginAgain') : t('accept.loginToAccept')}
              </button>
            </div>
          </>
        )}
      </div>
      <ConfirmationDialog
        open={wrongEmail !== null}
        title={t('accept.wrongEmailTitle')}
        question={t('accept.wrongEmail', { email: wrongEmail ?? '' })}
        confirmLabel={t('accept.login')}
        isWarning
        confirm={login}
      />
    </PageFrame>
  );
}

function inviterOf(invitation: Invitation): string {
  return invitation.inviter?.name ?? invitation.inviter?.email ?? '';
}
