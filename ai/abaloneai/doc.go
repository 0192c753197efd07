// Package abaloneai plays Abalone: an iterative-deepening alpha-beta
// search (principal variation search) over engine/abalone, with a
// transposition table, killer and history move ordering, null-move
// pruning, late move reductions and a quiescence search of the moves that
// push a marble off. The node loop is ai/search's Negamax; this package
// keeps what is Abalone's own, as its hooks (game): the end (six marbles
// off), a shuffle back and forth scored as even, the null move, the move
// order and the quiescence search.
//
// A tour:
//
//   - Evaluate scores a position for the side to move by what wins
//     Abalone: marbles lost (by far the most), closeness to the centre,
//     cohesion (neighbouring pairs) and threats at the edge (moves that
//     would push a marble off). Weights holds the numbers.
//   - Searcher.Search searches within search.Limits (depth, nodes, a
//     move time or a clock, which budget turns into Abalone's margins)
//     with search.Options (the weak levels' noise), deepening through
//     ai/search's Deepener and reporting each finished iteration
//     (search.Info); once depth 1 is done it stops at once when its
//     context is done or the hard deadline passes, and it always returns a
//     legal move when there is one.
//   - The ladder of chat levels 1..10 (search.Climb's shape, Abalone's
//     numbers) turns a level into limits; Searcher.ChooseMove and
//     Pool.ChooseMove pick a move at a level; Greedy is a one-ply player to
//     measure against.
//   - Bench searches fixed positions to a fixed depth: its node count
//     changes only when the search's behaviour does.
package abaloneai
