// REFERRAL_TEXT.welcomeDiscount of contracts/referrals, written out: that module builds Zod
// schemas when it loads, and the notice sits in the landing's packs list, whose entry bundle
// carries no Zod (120 KB budget, decision 0057). welcome-discount-notice.test.tsx compares the
// two, so they cannot drift apart.
export const welcomeDiscountText = (percent: number): string =>
  `Vienes invitado por un amigo: tienes un ${percent} % de descuento en tu primer pago. Se aplica en la página de pago.`;
