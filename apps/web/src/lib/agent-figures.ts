import { fenToMoney, moneyToFen, type TAgentUser } from '@promoter/contract';
import { absCount, formatCount, formatMoney } from './format';

export type AgentFigureKey = 'balance' | 'diamonds' | 'todayProfit' | 'todayDiamonds';

/** One of the agent's four figures (getUser): its value in whole units (fen, diamonds) and how it reads. */
export interface AgentFigure {
  key: AgentFigureKey;
  /** The figure in whole units (fen, diamonds): what the counter animates. */
  value: (user: TAgentUser) => number;
  format: (value: number, locale: string) => string;
}

const money = (fen: number) => formatMoney(fenToMoney(fen));

/** The figures of the agent's cards (components/agent-figures.tsx) and of the first paint (lib/boot-shell.ts). */
export const AGENT_FIGURES: readonly AgentFigure[] = [
  { key: 'balance', value: (u) => moneyToFen(u.balance), format: money },
  { key: 'diamonds', value: (u) => u.diamonds, format: formatCount },
  { key: 'todayProfit', value: (u) => moneyToFen(u.todayProfit), format: money },
  { key: 'todayDiamonds', value: (u) => absCount(u.todayDiamonds), format: formatCount },
];
