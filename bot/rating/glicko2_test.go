package rating

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// round rounds x to d decimals, as the paper prints its figures.
func round(x float64, d int) float64 {
	m := math.Pow(10, float64(d))
	return math.Round(x*m) / m
}

// TestPaperExample is the worked example of Glickman's "Example of the
// Glicko-2 system": 1500/200/0.06 against 1400/30, 1550/100 and 1700/300,
// scores 1, 0, 0, τ = 0.5. The paper rounds each intermediate to four
// decimals and prints μ′ = −0.2069, φ′ = 0.8722, σ′ = 0.05999, hence
// r′ = 1464.06 and RD′ = 151.52; the exact arithmetic gives μ′ = −0.20694
// (r′ = 1464.0507), so r′ is checked to the paper's μ′ precision
// (±0.00005·173.7178 ≈ 0.009 rating points) and μ′, φ′, σ′ to its digits.
func TestPaperExample(t *testing.T) {
	player := Rating{R: 1500, RD: 200, Sigma: 0.06}
	games := []Outcome{
		{Opp: Rating{R: 1400, RD: 30, Sigma: 0.06}, Score: 1},
		{Opp: Rating{R: 1550, RD: 100, Sigma: 0.06}, Score: 0},
		{Opp: Rating{R: 1700, RD: 300, Sigma: 0.06}, Score: 0},
	}
	p := Defaults()
	got := Update(player, games, p)
	t.Logf("r′ = %.6f, RD′ = %.6f, σ′ = %.8f", got.R, got.RD, got.Sigma)

	// Each figure within the precision the paper prints it to: half a unit
	// of its last digit, but a whole unit for σ′, which the paper truncates
	// (the exact σ′ is 0.0599960).
	checks := []struct {
		name           string
		got, want, tol float64
	}{
		{"μ′", (got.R - 1500) / scale, -0.2069, 0.00005},
		{"φ′", got.RD / scale, 0.8722, 0.00005},
		{"σ′", got.Sigma, 0.05999, 0.00001},
		{"RD′", got.RD, 151.52, 0.005},
	}
	for _, c := range checks {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s: got %.7f; want %v ± %v", c.name, c.got, c.want, c.tol)
		}
	}
	if math.Abs(got.R-1464.06) > 0.01 {
		t.Errorf("r′: got %.4f; want 1464.06 ± 0.01", got.R)
	}
	if got.Games != 3 {
		t.Errorf("games: got %d; want 3", got.Games)
	}
}

// TestTwoNewPlayersOneWin: two new players, one win: 1662 / 1338. The exact
// figures are 1662.31 / 1337.69, RD 290.32 each.
func TestTwoNewPlayersOneWin(t *testing.T) {
	p := Defaults()
	at := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		a, b Rating
	}{
		{"zero ratings", Rating{}, Rating{}},
		{"explicit new players", p.New(), p.New()},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, b := Game(c.a, c.b, 1, at, p)
			t.Logf("winner %.4f ±%.4f σ %.8f; loser %.4f ±%.4f σ %.8f", a.R, a.RD, a.Sigma, b.R, b.RD, b.Sigma)
			if got := math.Round(a.R); got != 1662 {
				t.Errorf("winner: got %.4f (%v); want 1662", a.R, got)
			}
			if got := math.Round(b.R); got != 1338 {
				t.Errorf("loser: got %.4f (%v); want 1338", b.R, got)
			}
			if math.Abs((a.R-1500)+(b.R-1500)) > 1e-9 {
				t.Errorf("gains: got %+.6f and %+.6f; want opposite", a.R-1500, b.R-1500)
			}
			if got := round(a.RD, 2); got != 290.32 || a.RD != b.RD {
				t.Errorf("RD: got %.4f and %.4f; want 290.32 both", a.RD, b.RD)
			}
			if a.Games != 1 || b.Games != 1 || !a.Last.Equal(at) || !b.Last.Equal(at) {
				t.Errorf("games/last: got %d %v, %d %v; want 1 %v", a.Games, a.Last, b.Games, b.Last, at)
			}
			if got, want := a.String(), "1662? ±290"; got != want {
				t.Errorf("String: got %q; want %q", got, want)
			}
		})
	}
}

// TestDecay: k whole periods without games apply step 6 k times (r and σ
// stay, φ² grows by σ² each), and RD never passes the initial 350.
func TestDecay(t *testing.T) {
	p := Defaults()
	last := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	base := Rating{R: 1800, RD: 50, Sigma: 0.06, Games: 40, Last: last}
	for _, c := range []struct {
		name    string
		away    time.Duration
		periods int
	}{
		{"no time", 0, 0},
		{"less than a period", 23*time.Hour + 59*time.Minute, 0},
		{"one period", 24 * time.Hour, 1},
		{"one period and a half", 36 * time.Hour, 1},
		{"a month", 30 * 24 * time.Hour, 30},
		{"a year", 365 * 24 * time.Hour, 365},
		{"ten years", 3650 * 24 * time.Hour, 3650},
		{"clock went back", -time.Hour, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Decay(base, last.Add(c.away), p)
			// Step 6 applied period by period, through Update with no games.
			want := base
			for range c.periods {
				want = Update(want, nil, p)
			}
			if math.Abs(got.RD-want.RD) > 1e-9 {
				t.Errorf("RD: got %.6f; want %.6f (%d periods of step 6)", got.RD, want.RD, c.periods)
			}
			if got.R != base.R || got.Sigma != base.Sigma || got.Games != base.Games {
				t.Errorf("got r %v σ %v games %d; want unchanged %v %v %d", got.R, got.Sigma, got.Games, base.R, base.Sigma, base.Games)
			}
			if got.RD > 350 {
				t.Errorf("RD: got %.6f; want at most 350", got.RD)
			}
		})
	}

	// One period by hand: √(50² + 0.06²·173.7178²) = 51.0749…
	if got := round(Decay(base, last.Add(24*time.Hour), p).RD, 3); got != 51.075 {
		t.Errorf("one period from RD 50: got %.3f; want 51.075", got)
	}
	// Ten years away is capped at exactly the initial RD.
	if got := Decay(base, last.Add(3650*24*time.Hour), p).RD; got != 350 {
		t.Errorf("ten years away: got RD %.6f; want 350", got)
	}
	// A player who has never played does not decay.
	if got := Decay(p.New(), last, p); got != p.New() {
		t.Errorf("new player: got %+v; want %+v", got, p.New())
	}
}

// TestGameDecaysFirst: Game grows each RD for the time away before rating.
func TestGameDecaysFirst(t *testing.T) {
	p := Defaults()
	last := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	a := Rating{R: 1700, RD: 60, Sigma: 0.06, Games: 30, Last: last}
	b := Rating{R: 1650, RD: 80, Sigma: 0.06, Games: 20, Last: last.Add(-400 * 24 * time.Hour)}
	at := last.Add(30 * 24 * time.Hour)
	gotA, gotB := Game(a, b, 0, at, p)
	da, db := Decay(a, at, p), Decay(b, at, p)
	wantA := Update(da, []Outcome{{Opp: db, Score: 0}}, p)
	wantB := Update(db, []Outcome{{Opp: da, Score: 1}}, p)
	wantA.Last, wantB.Last = at, at
	if gotA != wantA || gotB != wantB {
		t.Errorf("got %+v, %+v; want %+v, %+v", gotA, gotB, wantA, wantB)
	}
	if !(da.RD > a.RD) {
		t.Errorf("decayed RD: got %.4f; want above %.4f", da.RD, a.RD)
	}
}

// TestDrawAndSymmetry: a draw between equals leaves r and lowers RD; a win
// between players of equal RD moves both by the same amount, opposite ways.
func TestDrawAndSymmetry(t *testing.T) {
	p := Defaults()
	at := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name   string
		a, b   Rating
		scoreA float64
	}{
		{"draw, new players", p.New(), p.New(), 0.5},
		{"draw, established equals", Rating{R: 1900, RD: 80, Sigma: 0.05}, Rating{R: 1900, RD: 80, Sigma: 0.05}, 0.5},
		{"win, new players", p.New(), p.New(), 1},
		{"win, equal RD, different r", Rating{R: 1600, RD: 120, Sigma: 0.06}, Rating{R: 1750, RD: 120, Sigma: 0.06}, 1},
		{"loss, equal RD, different r", Rating{R: 2100, RD: 70, Sigma: 0.06}, Rating{R: 1850, RD: 70, Sigma: 0.06}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, b := Game(c.a, c.b, c.scoreA, at, p)
			x, y := a.R-c.a.R, b.R-c.b.R
			if math.Abs(x+y) > 1e-9 {
				t.Errorf("changes: got A %+.9f, B %+.9f; want opposite", x, y)
			}
			if c.scoreA == 0.5 && c.a.R == c.b.R && (x != 0 || y != 0) {
				t.Errorf("draw between equals: got r %.9f, %.9f; want %v unchanged", a.R, b.R, c.a.R)
			}
			if c.scoreA == 1 && !(x > 0) || c.scoreA == 0 && !(x < 0) {
				t.Errorf("A scored %v: got change %+.4f; want its sign", c.scoreA, x)
			}
			if !(a.RD < c.a.RD) || !(b.RD < c.b.RD) {
				t.Errorf("RD: got %.4f, %.4f; want below %.4f, %.4f", a.RD, b.RD, c.a.RD, c.b.RD)
			}
		})
	}
}

// TestSteadyRD: with one-game rating periods each game adds σ² to φ²
// (step 6) and takes away the game's information (step 7), so a regular
// player's RD settles where the two balance: about 60 at σ = 0.06 between
// equals. Below that one game raises RD; above it lowers it.
func TestSteadyRD(t *testing.T) {
	p := Defaults()
	r := p.New()
	for range 500 {
		r = Update(r, []Outcome{{Opp: r, Score: 0.5}}, p)
	}
	if r.RD < 55 || r.RD > 65 {
		t.Errorf("RD after 500 draws between equals: got %.2f; want about 60", r.RD)
	}
	low := Rating{R: 1900, RD: 45, Sigma: 0.06}
	if got := Update(low, []Outcome{{Opp: low, Score: 0.5}}, p); !(got.RD > low.RD) {
		t.Errorf("RD 45 after a draw: got %.4f; want above 45", got.RD)
	}
	t.Logf("steady RD %.2f", r.RD)
}

// TestProperties: over random and extreme inputs every result is finite,
// RD is in (0, 350] and σ positive, and nothing panics.
func TestProperties(t *testing.T) {
	p := Defaults()
	rng := rand.New(rand.NewPCG(21, 2026))
	at := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	extremes := []float64{-5000, 5000, -1e6, 1e6, 0, 1e-300, 350, 1e300, math.Inf(1), math.Inf(-1), math.NaN()}
	pick := func(lo, hi float64) float64 {
		if rng.IntN(4) == 0 {
			return extremes[rng.IntN(len(extremes))]
		}
		return lo + rng.Float64()*(hi-lo)
	}
	randRating := func() Rating {
		return Rating{
			R:     pick(-5000, 5000),
			RD:    pick(1e-9, 350),
			Sigma: pick(1e-9, 0.5),
			Games: rng.IntN(1000),
			Last:  at.Add(-time.Duration(rng.Int64N(int64(20 * 365 * 24 * time.Hour)))),
		}
	}
	for i := range 20000 {
		a, b := randRating(), randRating()
		score := []float64{0, 0.5, 1, rng.Float64()}[rng.IntN(4)]
		na, nb := Game(a, b, score, at, p)
		checkRating(t, "Game A", i, na)
		checkRating(t, "Game B", i, nb)

		games := make([]Outcome, rng.IntN(20))
		for j := range games {
			games[j] = Outcome{Opp: randRating(), Score: float64(rng.IntN(3)) / 2}
		}
		checkRating(t, "Update", i, Update(a, games, p))
	}
}

func checkRating(t *testing.T, what string, i int, r Rating) {
	t.Helper()
	for _, f := range []float64{r.R, r.RD, r.Sigma} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			t.Fatalf("%s #%d: got %+v; want finite figures", what, i, r)
		}
	}
	if !(r.RD > 0 && r.RD <= 350) {
		t.Fatalf("%s #%d: got RD %v; want in (0, 350]", what, i, r.RD)
	}
	if !(r.Sigma > 0) {
		t.Fatalf("%s #%d: got σ %v; want positive", what, i, r.Sigma)
	}
}

// TestVolatilityExtremes: the Illinois iteration ends with a finite σ′ on
// the inputs that strain it most: huge surprises, tiny RDs, tiny and large
// τ, both branches of the initial bracket.
func TestVolatilityExtremes(t *testing.T) {
	for _, c := range []struct {
		name                      string
		delta, phi, v, sigma, tau float64
	}{
		{"paper", -0.4834, 1.1513, 1.7785, 0.06, 0.5},
		{"huge surprise", 1e6, 1e-6, 1e-3, 0.06, 0.5},
		{"no surprise", 0, 1e-9, 4, 0.06, 0.5},
		{"tiny tau", 5, 0.1, 0.5, 0.06, 1e-6},
		{"large tau", 5, 0.1, 0.5, 0.06, 100},
		{"tiny sigma", 100, 1e-12, 1e-6, MinSigma, 0.5},
		{"huge v", 1e3, 2, 1e12, 0.06, 0.5},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := volatility(c.delta, c.phi, c.v, c.sigma, c.tau)
			if math.IsNaN(got) || math.IsInf(got, 0) || got < MinSigma || got > MaxSigma {
				t.Errorf("got σ′ %v; want finite in [%v, %v]", got, MinSigma, MaxSigma)
			}
		})
	}
	// The paper's own step 5 figure.
	if got := volatility(-0.4834, 1.1513, 1.7785, 0.06, 0.5); math.Abs(got-0.05999) > 0.00001 {
		t.Errorf("paper step 5: got %.7f; want 0.05999 ± 0.00001", got)
	}
	// Far-apart players with tiny RDs: every expected score is 0 or 1.
	p := Defaults()
	a, b := Game(Rating{R: 5000, RD: 1e-6, Sigma: 0.06}, Rating{R: -5000, RD: 1e-6, Sigma: 0.06}, 0, time.Unix(0, 0), p)
	checkRating(t, "upset at ±5000", 0, a)
	checkRating(t, "upset at ±5000", 1, b)
	// For the favourite the expected score is exactly 1 in float64, so the
	// game carries no information (v is infinite) and σ stays; the underdog's
	// is 1e-25, and its win, a vast surprise, lifts σ as far as τ allows.
	if a.Sigma != 0.06 {
		t.Errorf("favourite's σ after a game without information: got %v; want 0.06", a.Sigma)
	}
	if !(b.Sigma > 0.06) {
		t.Errorf("underdog's σ after a vast surprise: got %v; want above 0.06", b.Sigma)
	}
	t.Logf("upset at ±5000: favourite %+v, underdog %+v", a, b)
}

func TestProvisionalAndString(t *testing.T) {
	for _, c := range []struct {
		name        string
		r           Rating
		provisional bool
		text        string
	}{
		{"new player", Defaults().New(), true, "1500? ±350"},
		{"zero rating", Rating{}, true, "1500? ±350"},
		{"just provisional", Rating{R: 1712.4, RD: 110.2, Sigma: 0.06}, true, "1712? ±110"},
		{"at the threshold", Rating{R: 1712.6, RD: 110, Sigma: 0.06}, false, "1713 ±110"},
		{"established", Rating{R: 2034.49, RD: 48.7, Sigma: 0.06}, false, "2034 ±49"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Provisional(c.r); got != c.provisional {
				t.Errorf("Provisional: got %v; want %v", got, c.provisional)
			}
			if got := c.r.String(); got != c.text {
				t.Errorf("String: got %q; want %q", got, c.text)
			}
		})
	}
}

func TestParams(t *testing.T) {
	d := Defaults()
	for _, c := range []struct {
		name string
		p    Params
	}{
		{"zero", Params{}},
		{"negative", Params{Tau: -1, RD: -350, Sigma: -0.06, Period: -time.Hour}},
		{"NaN", Params{Tau: math.NaN(), R: math.NaN(), RD: math.NaN(), Sigma: math.NaN()}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.p.valid(); got != d {
				t.Errorf("got %+v; want %+v", got, d)
			}
		})
	}
	if got, want := (Params{}).New(), (Rating{R: 1500, RD: 350, Sigma: 0.06}); got != want {
		t.Errorf("New: got %+v; want %+v", got, want)
	}
}

func TestNaNScoreRatesNothing(t *testing.T) {
	a, b := Rating{R: 1600, RD: 80, Sigma: 0.06, Games: 3}, Rating{R: 1500, RD: 90, Sigma: 0.06, Games: 4}
	ga, gb := Game(a, b, math.NaN(), time.Unix(1e9, 0), Defaults())
	if ga != a || gb != b {
		t.Errorf("got %+v, %+v; want unchanged %+v, %+v", ga, gb, a, b)
	}
}

func TestJSONRoundTrip(t *testing.T) {
	r, _ := Game(Rating{}, Rating{}, 1, time.Date(2026, 11, 23, 22, 0, 0, 0, time.UTC), Defaults())
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Rating
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("unmarshal %s: %v", data, err)
	}
	if back != r {
		t.Errorf("got %+v; want %+v (via %s)", back, r, data)
	}
}
