import { REFERRAL_TEXT } from '@magotips/contracts/referral-rules';
import './welcome-discount.css';

/** The discount the reader's first payment will get, shown where they choose what to buy
 * (decision 0119): the plans, the packs list and the purchase page. Nothing when none applies.
 * The page reads `percent` with useWelcomeDiscount() (lib/api/get-referrals-me): one reader of
 * the query per page, so a failed answer is not asked again by a notice mounted later. */
export function WelcomeDiscountNotice({
  percent,
  className,
}: {
  percent: number | null;
  className?: string;
}) {
  if (percent === null) return null;
  return (
    <p className={`welcome-discount${className ? ` ${className}` : ''}`}>
      <span aria-hidden="true">🎁 </span>
      {REFERRAL_TEXT.welcomeDiscount(percent)}
    </p>
  );
}
