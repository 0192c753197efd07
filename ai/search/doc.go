// Package search holds the parts of a game-tree search that do not depend
// on the game, so that each game's AI (ai/ataxxai, ai/congoai,
// ai/abaloneai) keeps only what is its own: evaluation, move ordering and
// the pruning rules the game's nature calls for.
//
// A tour:
//
//   - Table is the transposition table, generic over the game's move type:
//     one entry per slot, the full key kept so collisions are caught.
//   - Clock is a search's stop watch: a hard stop, a soft limit no
//     iteration should start after, a node limit and a context, checked
//     every 1024 nodes so that the check costs nothing measurable. Budget
//     turns Limits (a move time or a game clock) into its two limits.
//   - Levels is a game's ladder of play levels, from random to full
//     strength; Pool lends a bounded number of searchers to any number of
//     games, so memory and CPU stay fixed however many games run.
//   - Pick, Jitter, MateIn, ToTT and FromTT are the small helpers every
//     alpha-beta search repeats.
package search
