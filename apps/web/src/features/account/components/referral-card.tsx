import {
  REFERRAL_TEXT,
  type TReferralReward,
  type TReferralsMeResponse,
} from '@magotips/contracts/referrals';
import { useId } from 'react';
import { useReferralsMe } from '../../../lib/api/get-referrals-me';
import { formatDayInZone } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { CardLoadError } from './card-load-error';
import { ReferralShare } from './referral-share';
import './referral.css';

/** "Invita a un amigo" (issue 33 item 3, decision 0119): the reader's link to copy or share,
 * how many friends signed up and paid through it, and the free months it has earned. */
export function ReferralCard() {
  const id = useId();
  const referrals = useReferralsMe();
  return (
    <section className="account-card referral-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-card__title">
        {REFERRAL_TEXT.cardTitle}
      </h2>
      <p className="account-card__text">{REFERRAL_TEXT.cardIntro}</p>
      {referrals.isPending ? (
        <ReferralSkeleton />
      ) : referrals.isError ? (
        <CardLoadError
          title={REFERRAL_TEXT.loadError}
          error={referrals.error}
          retryLabel={REFERRAL_TEXT.retry}
          onRetry={() => void referrals.refetch()}
        />
      ) : (
        <ReferralBody data={referrals.data} />
      )}
    </section>
  );
}

function ReferralBody({ data }: { data: TReferralsMeResponse }) {
  const id = useId();
  const capped = data.monthsLastYear >= data.maxMonthsPerYear;
  return (
    <>
      <ReferralShare url={data.url} />
      <Counts signedUp={data.signedUp} paid={data.paid} />
      <h3 id={`${id}-rewards`} className="referral-card__subtitle">
        {REFERRAL_TEXT.rewardsTitle}
      </h3>
      {data.rewards.length === 0 ? (
        <p className="account-card__text">{REFERRAL_TEXT.noRewards}</p>
      ) : (
        <RewardList rewards={data.rewards} labelledBy={`${id}-rewards`} />
      )}
      <p className="account-card__text referral-card__year">
        {REFERRAL_TEXT.yearCount(data.monthsLastYear)}
      </p>
      {capped ? <p className="referral-card__cap">{REFERRAL_TEXT.capReached}</p> : null}
    </>
  );
}

function Counts({ signedUp, paid }: { signedUp: number; paid: number }) {
  return (
    <dl className="account-facts referral-card__counts">
      <div>
        <dt>{REFERRAL_TEXT.signedUp}</dt>
        <dd>{signedUp}</dd>
      </div>
      <div>
        <dt>{REFERRAL_TEXT.paid}</dt>
        <dd>{paid}</dd>
      </div>
    </dl>
  );
}

function RewardList({ rewards, labelledBy }: { rewards: TReferralReward[]; labelledBy: string }) {
  const timeZone = useReaderTimeZone();
  return (
    <ul className="referral-card__rewards" aria-labelledby={labelledBy}>
      {rewards.map((reward) => (
        <li key={reward.id} className="referral-card__reward">
          <span>{REFERRAL_TEXT.reward(reward.friend)}</span>
          {/* A day, as the reader's calendar has it: a day carries no zone label (0114). */}
          <time className="referral-card__date" dateTime={reward.grantedAt}>
            {formatDayInZone(reward.grantedAt, timeZone) ?? reward.grantedAt}
          </time>
        </li>
      ))}
    </ul>
  );
}

/** The loaded card's shape for a reader with no reward yet (most of them): the same elements
 * with their words in transparent ink, so nothing below moves when the answer arrives (CLS). */
function ReferralSkeleton() {
  return (
    <>
      <p className="visually-hidden" role="status">
        {REFERRAL_TEXT.loading}
      </p>
      <div className="referral-card__skeleton" aria-hidden="true">
        <div className="field referral-share">
          <p className="field__label">{REFERRAL_TEXT.linkLabel}</p>
          {/* One line of text, as the real field holds: its height, to the pixel. */}
          <p className="field__input referral-card__ghost-input">{'\u00a0'}</p>
          <div className="referral-share__actions">
            <p className="btn btn--small">{REFERRAL_TEXT.copy}</p>
          </div>
        </div>
        <dl className="account-facts referral-card__counts">
          <div>
            <dt>{REFERRAL_TEXT.signedUp}</dt>
            <dd>0</dd>
          </div>
          <div>
            <dt>{REFERRAL_TEXT.paid}</dt>
            <dd>0</dd>
          </div>
        </dl>
        <h3 className="referral-card__subtitle">{REFERRAL_TEXT.rewardsTitle}</h3>
        <p className="account-card__text">{REFERRAL_TEXT.noRewards}</p>
        <p className="account-card__text referral-card__year">{REFERRAL_TEXT.yearCount(0)}</p>
      </div>
    </>
  );
}
