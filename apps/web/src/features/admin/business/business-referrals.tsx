import type { TReferralRewardLine } from '@magotips/contracts/referrals';
import { formatCount } from '../../../lib/format-track-record';
import { formatMoment } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { BusinessTableBlock, type BusinessTableProps } from './business-tables';

export const REFERRAL_TABLE_TEXT = {
  heading: 'Invitaciones',
  caption: 'Recompensas por invitación',
  none: 'Ningún mes gratis dado en este periodo.',
  grantedAt: 'Fecha',
  referrer: 'Invitó',
  referred: 'Invitado',
  months: 'Meses gratis',
} as const;

/** A person as the table shows them: the name, and under it the address that tells two
 * namesakes apart. */
function Person({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="business-person__name">{name}</span>
      <span className="business-person__email">{email}</span>
    </>
  );
}

/** The free months given for invitations in the period (issue 33 item 3, decision 0119),
 * newest first as the API sends them; times in the admin's zone, which they name. */
export function ReferralRewardsTable({ data, period }: BusinessTableProps) {
  const timeZone = useReaderTimeZone();
  const lines: TReferralRewardLine[] = data.referralRewards;
  return (
    <BusinessTableBlock
      table="referralRewards"
      caption={REFERRAL_TABLE_TEXT.caption}
      period={period}
      rows={lines.length}
      none={REFERRAL_TABLE_TEXT.none}
    >
      <table className="admin-table">
        <caption>{REFERRAL_TABLE_TEXT.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{REFERRAL_TABLE_TEXT.grantedAt}</th>
            <th scope="col">{REFERRAL_TABLE_TEXT.referrer}</th>
            <th scope="col">{REFERRAL_TABLE_TEXT.referred}</th>
            <th scope="col">{REFERRAL_TABLE_TEXT.months}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            // One reward per referred reader (decision 0119): their address keys the row.
            <tr key={`${line.referredEmail}-${line.grantedAt}`}>
              <th scope="row">
                <time dateTime={line.grantedAt}>{formatMoment(line.grantedAt, timeZone)}</time>
              </th>
              <td>
                <Person name={line.referrerName} email={line.referrerEmail} />
              </td>
              <td>
                <Person name={line.referredName} email={line.referredEmail} />
              </td>
              <td>{formatCount(line.months)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </BusinessTableBlock>
  );
}
