// Package ataxxai chooses Ataxx moves: an iterative-deepening principal
// variation search with a transposition table, move ordering (hash move
// first, then capture counts, killers, history), the pruning the strongest
// Ataxx engines use (reverse futility, futility and late-move pruning,
// log-shaped late-move reductions, internal iterative reduction, singular
// and negative extensions with multicut, aspiration windows), over a
// neural evaluation (NNUE: Net, nnue.go) that
// cmd/ataxx-train trains on self-play positions, shipped as two networks
// loaded with embed: nnue.bin for the open board and nnue-blocks.bin for
// layouts with blocks (NetFor picks one by the root's blocks). The search keeps the network's hidden layer (the
// accumulator) up to date along its line, a few rows a move, and sums it
// only at the nodes it evaluates; on amd64 with AVX2 that arithmetic runs
// sixteen units at a time (nnue_amd64.s), elsewhere in portable Go that
// gives the same numbers. The older evaluations remain as tuning options:
// a linear one whose weights cmd/ataxx-train fits (Features, Weights; the
// generated weights.go, Tuning.NNUE false), and the hand-set one of
// material, stable and exposed pieces (Tuning.Trained false too).
//
// A tour:
//
//   - Searcher holds one search's state and its transposition table;
//     Search runs to the search.Limits (depth, nodes, move time, clock)
//     or until its context is done, reporting each finished iteration through a
//     callback, and returns the best move found. The node loop is
//     Ataxx's own (pvs, search.go): its pruning needs the evaluation at
//     every node and a move list that a singular search at the same ply
//     may reuse, which the shared loop does not give. Its numbers are
//     Params, each a UAI option (ParamList), kept where matches showed
//     they pay. The table, the clock, the line and iterative deepening
//     are ai/search's.
//   - Time: a clock (time left, increment, moves to go) becomes a soft
//     limit, about a 25th of what is left plus half the increment, and a
//     hard stop of at most a quarter of it, after a margin for the pipe
//     (search.Limits.Overhead, plus a 20th of the clock) is set aside. No
//     iteration starts that would, growing as the last one did, end past
//     one and a half soft limits or the hard stop.
//   - Evaluate scores a position for the side to move.
//   - Level maps the chat levels 1 (random) to 10 (full strength) to
//     limits and noise; Pool lends a bounded number of Searchers to many
//     games at once.
//
// Search is deterministic for a given position, limits without time, and
// seed: the Bench node count changes only when the search does.
package ataxxai
