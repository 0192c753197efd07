// Package ai chooses Ataxx moves: an iterative-deepening principal
// variation search with a transposition table, move ordering (hash move,
// capture counts, killers, history), null-move pruning and late-move
// reductions, over an evaluation of material, stable pieces and exposed
// pieces.
//
// A tour:
//
//   - Searcher holds one search's state and its transposition table;
//     Search runs to the Limits (depth, nodes, move time, clock) or until
//     its context is done, reporting each finished iteration through a
//     callback, and returns the best move found.
//   - Evaluate scores a position for the side to move.
//   - Level maps the chat levels 1 (random) to 10 (full strength) to
//     limits and noise; Pool lends a bounded number of Searchers to many
//     games at once.
//
// Search is deterministic for a given position, limits without time, and
// seed: the Bench node count changes only when the search does.
package ai
