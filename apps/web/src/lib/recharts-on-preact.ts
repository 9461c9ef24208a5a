import { setAutoFreeze } from 'immer';

/**
 * recharts keeps what its charts are given in a Redux store made with immer, which freezes what it stores: the
 * elements among them too (a bar's `<Cell>`s). React never writes into an element it draws; Preact does, and a frozen
 * one fails the chart ("Cannot assign to read only property '__'", decision 056). The charts' modules import this
 * first, so immer leaves what it stores as it is; the store is still changed only through immer's drafts. Nothing
 * else in the web uses immer.
 */
setAutoFreeze(false);
