import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, setFlash, type SeedCounts, type SeedProgress } from 'shared-auth';
import type { SlotProps } from 'shared-ui';
import { fetchSeedProgress, startPerformanceSeed } from './system.resource';

/** How often the tab asks for the progress while a seed runs. */
export const SEED_POLL_MS = 500;

function Counts({ counts }: { counts: SeedCounts }) {
  const { t, i18n } = useTranslation('system');
  const number = (n: number) => n.toLocaleString(i18n.language === 'nl' ? 'nl-NL' : 'en-GB');
  const rows: [string, string][] = [
    [t('seed.roles'), number(counts.roles)],
    [t('seed.users'), number(counts.users)],
    [t('seed.userRoles'), number(counts.userRoles)],
    [t('seed.invitations'), number(counts.invitations)],
    [t('seed.auditLogs'), number(counts.auditLogs)],
    [t('seed.time'), t('seed.seconds', { seconds: (counts.ms / 1000).toFixed(1) })],
  ];
  return (
    <section className="system-seed-counts" aria-labelledby="system-seed-done">
      <h3 id="system-seed-done" className="sds--text--h4">
        {t('seed.done')}
      </h3>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The performance seed: fills the database with generated data. While it runs the tab polls its progress;
 * a second run is refused by the server (409) and the refusal is shown.
 */
export default function SeedTab(_props: SlotProps) {
  const { t } = useTranslation('system');
  const [progress, setProgress] = useState<SeedProgress | null>(null);
  const [refused, setRefused] = useState(false);
  const mounted = useRef(true);

  const running = Boolean(progress?.running);
  // Seconds since the run started, counted here: while a long statement runs the server cannot say.
  const [elapsed, setElapsed] = useState(0);
  const startedAt = progress?.startedAt ?? null;
  useEffect(() => {
    if (!running || startedAt === null) return undefined;
    const tick = () => setElapsed(Math.max(0, Math.round((Date.now() - startedAt) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [running, startedAt]);

  useEffect(() => {
    mounted.current = true;
    // A run started elsewhere (another tab, another super user) shows here too.
    fetchSeedProgress().then(
      (state) => mounted.current && setProgress(state),
      () => undefined,
    );
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!running) return undefined;
    // One question at a time: while the database is busy answers are slow, and a pile of waiting polls
    // would hold the browser's connections that a click on Run needs.
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      timer = setTimeout(() => {
        fetchSeedProgress()
          .then(
            (state) => active && mounted.current && setProgress(state),
            () => undefined,
          )
          .finally(() => {
            if (active) poll();
          });
      }, SEED_POLL_MS);
    };
    poll();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [running]);

  const start = async () => {
    setRefused(false);
    // Shown at once; the polling fills in the steps. A run already under way keeps its progress.
    setProgress((previous) =>
      previous?.running
        ? previous
        : {
            running: true,
            step: null,
            stepsDone: 0,
            stepsTotal: previous?.stepsTotal ?? 7,
            startedAt: Date.now(),
            finishedAt: null,
            result: null,
            error: null,
          },
    );
    try {
      const result = await startPerformanceSeed();
      if (!mounted.current) return;
      setProgress((previous) =>
        previous ? { ...previous, running: false, stepsDone: previous.stepsTotal, result } : previous,
      );
      setFlash(t('seed.finished'));
    } catch (error) {
      if (!mounted.current) return;
      if (isApiError(error) && error.status === 409) {
        setRefused(true);
        return;
      }
      setProgress((previous) => (previous ? { ...previous, running: false } : previous));
      setFlash(t('seed.failed'), 'error');
    }
  };

  const stepsDone = progress?.stepsDone ?? 0;
  const stepsTotal = progress?.stepsTotal ?? 1;
  return (
    <div className="system-seed">
      <div className="system-job">
        <p>{t('seed.info')}</p>
        <button type="button" className="sds--btn sds--btn--primary" onClick={() => void start()}>
          {t('seed.run')}
        </button>
      </div>
      {refused && (
        <p className="system-seed-refused" role="alert">
          {t('seed.alreadyRunning')}
        </p>
      )}
      {running && (
        <div className="system-seed-progress" role="status">
          <label htmlFor="system-seed-progress">
            {progress?.step
              ? t('seed.stepOf', {
                  step: t(`seed.steps.${progress.step}`),
                  number: Math.min(stepsDone + 1, stepsTotal),
                  total: stepsTotal,
                })
              : t('seed.starting')}
          </label>
          <progress id="system-seed-progress" max={stepsTotal} value={stepsDone} />
          {progress?.step === 'users' && progress.usersTotal ? (
            <span className="system-seed-users">
              {t('seed.usersProgress', { done: progress.usersDone ?? 0, total: progress.usersTotal })}
            </span>
          ) : null}
          <span className="system-seed-elapsed">{t('seed.elapsed', { seconds: elapsed })}</span>
        </div>
      )}
      {!running && progress?.error && (
        <p role="alert" className="system-seed-error">
          {t('seed.failedWith', { reason: progress.error })}
        </p>
      )}
      {!running && progress?.result && <Counts counts={progress.result} />}
    </div>
  );
}
