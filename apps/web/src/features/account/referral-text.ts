// The one word of the "Invita a un amigo" card that contracts/referrals (REFERRAL_TEXT) does not
// have yet: what a screen reader hears while the card loads. To move there with the next
// contract change.
export const REFERRAL_LOADING = 'Cargando tu enlace de invitación...';
