/** The chart registry: every chart a report can hold, in the order the report shows them. */
import type { ChartBuilder } from '../../charts-kit/spec.js';
import type { GameId } from '../../games/index.js';
import { winRateBySeat, winRateByPolicy, policyMatchups, outcomes, firstPlayer, gameLength } from './common.js';
import { tableRates } from './rates.js';
import { gameQuality } from './quality.js';
import { equilibrium } from './equilibrium.js';
import { wormsCharts } from '../../games/worms/charts.js';
import { squirmishCharts } from '../../games/squirmish/charts.js';
import { squishCharts } from '../../games/squish/charts.js';
import { squallCharts } from '../../games/squall/charts.js';

/** Each game's own charts (src/games/<id>/charts.ts), typed by GameId so that no game is left out; after the charts every game gets. */
export const GAME_CHARTS: { readonly [id in GameId]: readonly ChartBuilder[] } = {
  worms: wormsCharts,
  squirmish: squirmishCharts,
  squish: squishCharts,
  squall: squallCharts,
};

export const CHARTS: readonly ChartBuilder[] = [winRateBySeat, winRateByPolicy, policyMatchups, firstPlayer, outcomes, gameLength, gameQuality, equilibrium, tableRates, ...Object.values(GAME_CHARTS).flat()];
