/** The chart registry: every chart a report can hold, in the order the report shows them. */
import type { ChartBuilder } from './types.js';
import { winRateBySeat, winRateByPolicy, policyMatchups, outcomes, firstPlayer, gameLength } from './common.js';
import { wormsTopCard, wormsAcesOnTop } from './worms.js';
import { tableRates } from './rates.js';
import { squirmishKoMatrix, squirmishDamage } from './squirmish.js';
import { squishStartSquares, squishBlockEntries } from './squish.js';
import { squallMatchups, squallDamage, squallCoveredShots } from './squall.js';
import { gameQuality } from './quality.js';

export const CHARTS: readonly ChartBuilder[] = [winRateBySeat, winRateByPolicy, policyMatchups, firstPlayer, outcomes, gameLength, gameQuality, tableRates, wormsTopCard, wormsAcesOnTop, squirmishKoMatrix, squirmishDamage, squishStartSquares, squishBlockEntries, squallMatchups, squallDamage, squallCoveredShots];
