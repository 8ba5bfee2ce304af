/**
 * How a transaction advice reaches its holder. EMAIL: the holder consented to electronic delivery and has an
 * address, so an e-mail says the advice is in the portal. PAPER: everyone else (no choice recorded means paper:
 * electronic delivery needs the holder's affirmative consent), so staff print and mail it.
 */
export const ADVICE_CHANNELS = ['EMAIL', 'PAPER'] as const;
export type AdviceChannel = (typeof ADVICE_CHANNELS)[number];
