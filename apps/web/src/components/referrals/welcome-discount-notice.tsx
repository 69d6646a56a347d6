import { useWelcomeDiscount } from '../../lib/api/get-referrals-me';
import { welcomeDiscountText } from './welcome-discount-text';
import './welcome-discount.css';

/** The discount the reader's first payment will get, shown where they choose what to buy
 * (decision 0119): the plans, the packs list and the purchase page. Nothing when none applies. */
export function WelcomeDiscountNotice({ className }: { className?: string }) {
  const { percent } = useWelcomeDiscount();
  if (percent === null) return null;
  return (
    <p className={`welcome-discount${className ? ` ${className}` : ''}`}>
      <span aria-hidden="true">🎁 </span>
      {welcomeDiscountText(percent)}
    </p>
  );
}
