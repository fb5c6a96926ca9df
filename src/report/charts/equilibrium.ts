/** The equilibrium of a run's matchup matrix (Squall's characters, Squirmish's named groups), when it has one. */
import type { ChartBuilder } from '../../charts-kit/spec.js';
import { equilibriumChart } from '../../charts-kit/equilibrium-chart.js';
import type { ReportInput } from './types.js';

export const equilibrium: ChartBuilder = {
  id: 'equilibrium',
  build({ summary: s }: ReportInput) {
    if (!s.equilibrium) return null;
    return equilibriumChart(`What a smart field would play: the ${s.equilibrium.subject}' equilibrium mixture`, s.equilibrium);
  },
};
