package rating

import (
	"fmt"
	"math"
	"time"
)

// Rating is one player's Glicko-2 rating in one kind of game, on the Glicko
// scale. The zero Rating is a new player (see [Params.New]).
type Rating struct {
	R     float64   `json:"r"`     // rating
	RD    float64   `json:"rd"`    // rating deviation
	Sigma float64   `json:"sigma"` // volatility
	Games int       `json:"games"` // rated games played
	Last  time.Time `json:"last"`  // end of the last rated game; zero if none
}

// Outcome is one game of a rating period: the opponent's pre-period rating
// and the player's score (1 win, 0.5 draw, 0 loss).
type Outcome struct {
	Opp   Rating
	Score float64
}

// Params are the system constants. Fields that are zero, negative or NaN
// take the value in [Defaults].
type Params struct {
	Tau    float64       // τ, how much σ may change in a period (0.5)
	R      float64       // a new player's rating (1500)
	RD     float64       // a new player's RD, and the most RD ever grows to (350)
	Sigma  float64       // a new player's volatility (0.06)
	Period time.Duration // one rating period of time away (24h)
}

// Defaults returns the bot's constants: τ = 0.5, new players
// 1500 / 350 / 0.06, and a rating period of a day for time away.
func Defaults() Params {
	return Params{Tau: 0.5, R: 1500, RD: 350, Sigma: 0.06, Period: 24 * time.Hour}
}

// ProvisionalRD is the RD above which a rating is provisional: lichess's
// threshold, reached by a new player after roughly a dozen games.
const ProvisionalRD = 110

// Bounds on inputs, so that no stored value can make the arithmetic
// overflow; real ratings are far inside them.
const (
	MaxR     = 1e6  // |r| is clamped to this
	MinSigma = 1e-4 // σ is kept in [MinSigma, MaxSigma]
	MaxSigma = 1.0
)

// New returns the rating of a player who has never played.
func (p Params) New() Rating {
	p = p.valid()
	return Rating{R: p.R, RD: p.RD, Sigma: p.Sigma}
}

// Provisional reports whether r is still too uncertain to rank with the
// established players: its RD is above [ProvisionalRD].
func Provisional(r Rating) bool {
	return r.RD > ProvisionalRD || r == (Rating{})
}

// String shows the rating and RD rounded, with lichess's "?" after a
// provisional rating: "1662? ±290", "1841 ±62".
func (r Rating) String() string {
	if r == (Rating{}) {
		r = Defaults().New()
	}
	mark := ""
	if Provisional(r) {
		mark = "?"
	}
	return fmt.Sprintf("%.0f%s ±%.0f", r.R, mark, r.RD)
}

// Decay returns r as it stands at time at: its RD grown by step 6 of the
// paper once for every whole rating period (p.Period) since r.Last, and
// never beyond p.RD. A player who has never played is returned as new.
func Decay(r Rating, at time.Time, p Params) Rating {
	p = p.valid()
	r = p.clean(r)
	if r.Last.IsZero() || !at.After(r.Last) {
		return r
	}
	k := float64(at.Sub(r.Last) / p.Period)
	phi := r.RD / scale
	phi2 := phi*phi + k*r.Sigma*r.Sigma
	r.RD = math.Min(math.Sqrt(phi2)*scale, p.RD)
	return r
}

// Game rates one game between a and b ending at time at, scoreA being a's
// score (1 a won, 0.5 a draw, 0 b won), as a one-game rating period for each:
// each RD first grows for the time away since that player's last game
// ([Decay]), then each is updated against the other's rating so grown. Both
// results have Last = at (or the later Last, were the clock to go back).
// A NaN score rates nothing and returns a and b unchanged.
func Game(a, b Rating, scoreA float64, at time.Time, p Params) (Rating, Rating) {
	if math.IsNaN(scoreA) {
		return a, b
	}
	scoreA = math.Max(0, math.Min(1, scoreA))
	a, b = Decay(a, at, p), Decay(b, at, p)
	na := Update(a, []Outcome{{Opp: b, Score: scoreA}}, p)
	nb := Update(b, []Outcome{{Opp: a, Score: 1 - scoreA}}, p)
	na.Last, nb.Last = later(a.Last, at), later(b.Last, at)
	return na, nb
}

func later(t, u time.Time) time.Time {
	if t.After(u) {
		return t
	}
	return u
}

// valid fills invalid fields with the defaults.
func (p Params) valid() Params {
	d := Defaults()
	bad := func(x float64) bool { return !(x > 0) || math.IsInf(x, 0) }
	if bad(p.Tau) {
		p.Tau = d.Tau
	}
	if math.IsNaN(p.R) || math.IsInf(p.R, 0) || p.R == 0 {
		p.R = d.R
	}
	p.R = math.Max(-MaxR, math.Min(MaxR, p.R))
	if bad(p.RD) {
		p.RD = d.RD
	}
	if bad(p.Sigma) {
		p.Sigma = d.Sigma
	}
	p.Sigma = math.Max(MinSigma, math.Min(MaxSigma, p.Sigma))
	if p.Period <= 0 {
		p.Period = d.Period
	}
	return p
}

// clean makes r safe to compute with: the zero Rating becomes a new player,
// and values out of range are replaced or clamped (see the package doc).
func (p Params) clean(r Rating) Rating {
	if r == (Rating{}) {
		return p.New()
	}
	if math.IsNaN(r.R) || math.IsInf(r.R, 0) {
		r.R = p.R
	}
	r.R = math.Max(-MaxR, math.Min(MaxR, r.R))
	if !(r.RD > 0) || r.RD > p.RD {
		r.RD = p.RD
	}
	if math.IsNaN(r.Sigma) || r.Sigma <= 0 {
		r.Sigma = p.Sigma
	}
	r.Sigma = math.Max(MinSigma, math.Min(MaxSigma, r.Sigma))
	if r.Games < 0 {
		r.Games = 0
	}
	return r
}
