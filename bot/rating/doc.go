// Package rating rates two-player games with Glicko-2, as Mark Glickman's
// paper "Example of the Glicko-2 system" (Boston University, 2013) describes.
// It names no game: the host keeps one [Rating] per player and per kind and
// calls [Game] as each rated game ends.
//
// # A tour
//
// A [Rating] is a player's rating r, rating deviation RD and volatility σ on
// the Glicko scale (new players 1500, 350, 0.06), with the number of rated
// games and the time of the last one. The zero Rating is a new player.
//
// [Update] is the paper's steps 2 to 8 for one rating period: the player's
// pre-period rating and the games of the period (each against the
// opponent's pre-period rating). With no games it is step 6 alone: r and σ
// stay and φ grows to √(φ² + σ²).
//
// [Game] rates one game as a one-game rating period for both players, as the
// host needs it: first each player's RD grows for the whole rating periods
// ([Params.Period]) spent away since their last game ([Decay]), then each is
// updated against the other's pre-game rating.
//
// [Provisional] marks a rating whose RD is still above [ProvisionalRD] (110,
// as lichess marks "?"); [Rating.String] shows "1841 ±62", or "1662? ±290" while provisional.
//
// # Choices where the paper is silent
//
//   - Time away is counted in whole periods: ⌊elapsed / Period⌋ applications
//     of step 6, which is φ² + k·σ² since step 6 leaves σ unchanged. The
//     period is a day by default: chat games are played a few a day at most,
//     so a day without games is an empty rating period; an RD of 60 grows to
//     about 83 after a month away and about 208 after a year.
//   - One-game rating periods (the bot's choice) mean step 6 adds σ² to φ²
//     with every game while one game's information takes some away, so a
//     regular player's RD settles near 60 (σ = 0.06, equal opponents); below
//     that a game raises RD a little. This is Glicko-2 as specified, not a
//     floor we add.
//   - RD never exceeds the initial RD (Params.RD, 350): step 6 alone, or a
//     game that carries almost no information (an opponent far stronger or
//     weaker), would otherwise lift it above the RD of an unknown player.
//   - The volatility iteration (step 5) is the Illinois algorithm with
//     tolerance ε = 0.000001 and the update "if f(C)f(B) ≤ 0" (with "< 0" an
//     exact root f(C) = 0 never closes the bracket). It is bounded (at most
//     200 steps, and the search for the bracket likewise), so even absurd
//     inputs end; if it cannot produce a finite σ′, σ is kept, as it is when
//     the games carry no information at all (every expected score exactly 0
//     or 1 in float64, so v is infinite).
//   - Inputs a store could have corrupted are cleaned, not trusted: a
//     non-finite r becomes the initial rating, r is kept within ±[MaxR]
//     (far beyond any real rating), an RD that is not in (0, Params.RD]
//     becomes Params.RD or is clamped, σ is kept in [[MinSigma], [MaxSigma]],
//     a score is clamped to [0, 1] and a NaN score makes a game count for
//     nothing. So every result is finite, RD is in (0, 350] and σ > 0.
//   - Invalid Params fields (zero, negative, NaN) take their defaults, so the
//     zero Params is [Defaults].
package rating
