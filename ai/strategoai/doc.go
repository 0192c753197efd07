// Package strategoai is our Stratego player: it sets up from good
// formations with randomness, infers enemy ranks from the public record,
// and searches over likely hidden states.
//
// A tour:
//
//   - New(colour, level, rules, seed) makes a Player for one side of one
//     game; Setup is its army (ChooseSetup draws a built-in formation,
//     mirrored half the time, with front-row pieces swapped and the
//     Marshal, the General and the Spy kept off the front row; UseSetup
//     takes a given one).
//   - Observe feeds it every move's public result, both sides', in order
//     (stratego.Result.Public: a quiet move tells where, combat tells both
//     ranks). From them a tracker follows each enemy piece by identity:
//     one that moved is no Bomb or Flag, one that moved two squares is a
//     Scout, one that walks up to a seen piece of ours likely beats it,
//     combat fixes ranks, and the dead shrink the pool of ranks the
//     unknown pieces can still be. Guess shows these beliefs; Sync repairs
//     them from a seat's View if the host ever skipped a move.
//   - Move samples worlds (each unknown enemy piece given a rank from the
//     pool, moved pieces first, weighted by where the piece started: Flags
//     and Bombs at the back, Scouts in front; the Flag drawn first, likelier
//     beside Bombs found and unlikelier beside pieces that marched off,
//     and its unmoved neighbours likelier Bombs), runs a fixed-depth
//     alpha-beta in each with an evaluation of material, unseen ranks,
//     the strongest piece's dominance, the cost of having shown every
//     piece that could stand up to the enemy's strongest, pressure on the
//     Flag and the danger of an enemy piece beside it, and plays
//     the move with the best total (at level 5, less its doubt: the
//     spread of its outcome across the worlds; and a strike at a piece of
//     unknown rank scored outcome by outcome, each weighed by its chance
//     over many more worlds than are searched). In the worlds the enemy
//     sees every rank, save our Flag: a strike at it while other unmoved
//     pieces could be the Flag is a guess, not the game. Levels
//     (LevelConfig) set the number of worlds, the depth, a random spread,
//     a time budget and the doubt; level 0 moves at random.
//
// It imports only the engine; cmd/stratego-agent wraps it in the
// protocol, and the bot can use it directly as a chat opponent.
package strategoai
