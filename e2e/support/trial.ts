/** The demo's plan with the 7-day free trial (decision 0098), as its radio on /subscription
 * begins: its name, then the trial's badge. */
export const TRIAL_PLAN = 'Todos los tips VIP';
export const TRIAL_PLAN_RADIO = /^Todos los tips VIP 7 días gratis/;
