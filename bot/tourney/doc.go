// Package tourney is the pure logic of tournaments between two-seat
// games: who plays whom, the standings and the crosstable. It names no
// game and keeps no state; entrants are indexes 0..n-1, and the host
// keeps the results.
//
// A tour:
//   - ParseFormat reads "roundrobin" (rr), "gauntlet" or "swiss";
//     DefaultRounds says how many rounds to play when none is asked for.
//   - Schedule returns every Pairing of a round robin (Berger's tables,
//     colours swapped every other cycle) or a gauntlet up front; a Swiss
//     is paired a round at a time by SwissRound from the results so far.
//   - A Result is a Pairing and First's points (1, 0.5 or 0; a bye, with
//     Second == Bye, scores 1).
//   - Standings ranks the entrants by points, Sonneborn-Berger and wins,
//     with each one's performance in Elo (Elo, EloText).
//   - StandingsText and CrosstableText write monospaced tables; Picture
//     draws one as a PNG with the bot's picture toolkit.
//
// Every refusal wraps ErrTournament.
package tourney
