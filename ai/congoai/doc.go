// Package congoai plays Congo: the user guide's two advisers and a strong
// search.
//
//   - Random and Negamax are the guide's advisers: a random legal move,
//     and a fixed-depth negamax over the guide's program's material count
//     (with its bonus for a lion in danger).
//   - Searcher is the strong player: iterative deepening alpha-beta with
//     principal variation search, a transposition table, killer and
//     history move ordering, late move reductions, null-move pruning, a
//     one-turn extension when the lion is in danger (Congo's check) and a
//     capture quiescence search, over an evaluation of material,
//     mobility, lion safety, pressure on the enemy lion, pawn advance and
//     river danger (Evaluate). It stops on its context, on a
//     hard deadline and on node or depth limits, and with the same limits
//     and an empty table it always visits the same nodes (see Bench).
//   - The ladder of the host's levels 1..10 (search.Climb's shape,
//     Congo's numbers) turns a level into limits; ChooseMove and Pool
//     choose a move at a level within a move budget.
//
// # What a move is
//
// A search move is a whole turn, congo.Move: a monkey's multi-capture is
// one move holding its path, and each prefix of the path is another move,
// exactly as congo.Position.GenerateMoves makes them. So every edge of the
// tree passes the turn, scores negate at every ply, and drowning (applied
// by the engine when a turn ends) is inside the tree. If the position is
// in the middle of a monkey's jump (the guide's program takes jumps one
// at a time), the moves are the monkey's stop and its further paths, and
// the answer finishes the turn.
package congoai
