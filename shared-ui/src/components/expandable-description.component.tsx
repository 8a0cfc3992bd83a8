import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_CUTOFF } from 'shared-auth';

/** The text up to the first space at or after `limit`; the whole text when it is short enough. */
export function cutDescription(
  text: string,
  limit: number = DESCRIPTION_CUTOFF,
): { short: string; cut: boolean } {
  if (text.length <= limit) return { short: text, cut: false };
  const space = text.indexOf(' ', limit);
  if (space === -1) return { short: text, cut: false };
  return { short: text.slice(0, space), cut: true };
}

export interface ExpandableDescriptionProps {
  text: string | null | undefined;
  /** Default 190 (DESCRIPTION_CUTOFF); cards pass CARD_DESCRIPTION_CUTOFF (80). */
  limit?: number;
}

/** A long description cut at a word boundary with a more/less toggle. */
export function ExpandableDescription({ text, limit = DESCRIPTION_CUTOFF }: ExpandableDescriptionProps) {
  const { t } = useTranslation('ui');
  const [expanded, setExpanded] = useState(false);
  const full = text ?? '';
  const { short, cut } = cutDescription(full, limit);
  return (
    <p className="ui-expandable-description">
      <span>{expanded || !cut ? full : `${short}...`}</span>
      {cut && (
        <>
          {' '}
          <button
            type="button"
            className="ui-link-button ui-more-less"
            aria-expanded={expanded}
            onClick={(event) => {
              // Descriptions sit in clickable rows and cards; the toggle must not open them.
              event.stopPropagation();
              setExpanded(!expanded);
            }}
          >
            {expanded ? t('description.less') : t('description.more')}
          </button>
        </>
      )}
    </p>
  );
}
