// Package search holds the parts of a game-tree search that do not depend
// on the game, so that each game's AI (ai/ataxxai, ai/congoai,
// ai/abaloneai) keeps only what is its own: evaluation, move ordering and
// the pruning rules the game's nature calls for.
//
// A tour:
//
//   - Table is the transposition table, generic over the game's move type:
//     one entry per slot, the full key kept so collisions are caught.
//     Lookup is the probe and cut every node begins with.
//   - Negamax is the principal-variation node loop (null move, late-move
//     reductions, re-search) over a game's hooks (Game): how it ends,
//     its horizon, its moves and their order, its null move, its
//     killers and history. Congo and Abalone search through it, each
//     rule where they differ a field: Abalone searches a re-search's
//     null window before the full one (NullWindowFirst) and counts every
//     node before settling it (VisitFirst), and its positions are a few
//     words, so its Make returns a copy (CopyMake) and no Unmake is
//     called: its hooks embed CopyMade for it. Ataxx has a search loop
//     of its own in ai/ataxxai, since its pruning (futility, late
//     moves, singular extensions) and reductions are its own.
//   - Deepener runs a search's iterations, depth 1, 2, ... until the
//     clock, the depth asked for or a proven end stops them, and turns
//     the last finished one into a Result (Info for each). Every game
//     deepens through it; Abalone searches its last best move first
//     (Deepener.Best) and keeps its own rule for a proven end.
//   - Clock is a search's stop watch: a hard stop, a soft limit no
//     iteration should start after, a node limit and a context, checked
//     every 1024 nodes so that the check costs nothing measurable. Budget
//     turns Limits (a move time or a game clock) into its two limits.
//   - Levels is a game's ladder of play levels, from random to full
//     strength; every game's has MaxLevel levels of the shape Climb
//     builds (random, fixed depths with noise, then shares of the move
//     budget) from the game's own numbers. A Ladder adds how the game
//     plays them (its random mover, which Randomly makes from its legal
//     moves; which searches forget the earlier ones first) and chooses a
//     move at a level with any Searcher. Pool lends a bounded number of
//     searchers to any number of games, so memory and CPU stay fixed
//     however many games run, and Player plays a Ladder with them.
//   - Bench searches a game's bench positions to a fixed depth: the
//     nodes and moves are its bench signature, which package searchtest
//     checks in each game's tests.
//   - Pick, Jitter, MateIn, ToTT, FromTT, Raise and Child are the small
//     helpers every alpha-beta search would otherwise repeat.
package search
