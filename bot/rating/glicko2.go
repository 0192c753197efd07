package rating

import "math"

// scale converts between the Glicko scale and the Glicko-2 scale (step 2).
const scale = 173.7178

// epsilon is the convergence tolerance of the volatility iteration (step 5).
const epsilon = 0.000001

// maxIterations bounds each loop of step 5. The Illinois algorithm closes
// the bracket to ε in a few dozen steps at most; the bound only guarantees
// that absurd inputs end too.
const maxIterations = 200

// Update returns player's rating after a rating period in which they played
// games, each against the opponent's rating at the start of the period:
// steps 2 to 8 of Glickman's paper. With no games (or only games with a NaN
// score) it is step 6 alone: r and σ stay, φ grows to √(φ² + σ²). Games
// counts the games rated; Last is left to the caller ([Game] sets it). RD
// never exceeds p.RD.
func Update(player Rating, games []Outcome, p Params) Rating {
	p = p.valid()
	player = p.clean(player)

	// Step 2: the Glicko-2 scale.
	mu := (player.R - 1500) / scale
	phi := player.RD / scale
	sigma := player.Sigma
	maxPhi := p.RD / scale

	// Steps 3 and 4: v, the estimated variance of the rating from the game
	// outcomes alone (kept as its inverse, info, which cannot overflow), and
	// sum, which gives Δ = v·sum.
	var info, sum float64
	n := 0
	for _, o := range games {
		if math.IsNaN(o.Score) {
			continue
		}
		s := math.Max(0, math.Min(1, o.Score))
		opp := p.clean(o.Opp)
		muJ, phiJ := (opp.R-1500)/scale, opp.RD/scale
		g := gOf(phiJ)
		e := expected(mu, muJ, g)
		info += g * g * e * (1 - e)
		sum += g * (s - e)
		n++
	}
	if n == 0 {
		// Step 6 alone, for a period without games.
		player.RD = math.Min(math.Sqrt(phi*phi+sigma*sigma), maxPhi) * scale
		return player
	}

	// Step 5: the new volatility. When the games carry no information at
	// all (every expected score is exactly 0 or 1 in float64), v is infinite
	// and the iteration meaningless: σ stays.
	if info > 0 && !math.IsInf(1/info, 0) {
		v := 1 / info
		delta := v * sum
		sigma = volatility(delta, phi, v, sigma, p.Tau)
	}

	// Steps 6 and 7: the pre-period φ*, then the new φ′ and μ′.
	phiStar2 := phi*phi + sigma*sigma
	phiNew := 1 / math.Sqrt(1/phiStar2+info)
	muNew := mu + phiNew*phiNew*sum

	// Step 8: back to the Glicko scale.
	player.R = math.Max(-MaxR, math.Min(MaxR, scale*muNew+1500))
	player.RD = math.Min(phiNew, maxPhi) * scale
	player.Sigma = sigma
	player.Games += n
	return player
}

// gOf is the paper's g(φ), which discounts a game against an uncertain
// opponent.
func gOf(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// expected is the paper's E(μ, μj, φj): the expected score against an
// opponent at μj whose g(φj) is g.
func expected(mu, muJ, g float64) float64 {
	return 1 / (1 + math.Exp(-g*(mu-muJ)))
}

// volatility is step 5: σ′ as the root of f by the Illinois algorithm with
// tolerance ε, starting from the bracket the paper gives. If the iteration
// does not give a finite σ′ within its bounds, σ is returned unchanged;
// σ′ is kept in [MinSigma, MaxSigma].
func volatility(delta, phi, v, sigma, tau float64) float64 {
	a := math.Log(sigma * sigma)
	d2, p2 := delta*delta, phi*phi
	f := func(x float64) float64 {
		ex := math.Exp(x)
		den := p2 + v + ex
		return ex*(d2-p2-v-ex)/(2*den*den) - (x-a)/(tau*tau)
	}

	// Step 5.2: the initial bracket [A, B].
	A := a
	var B float64
	if d2 > p2+v {
		B = math.Log(d2 - p2 - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < maxIterations {
			k++
		}
		B = a - k*tau
	}

	// Steps 5.3 and 5.4: the Illinois iteration.
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < maxIterations; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}

	// Step 5.5.
	s := math.Exp(A / 2)
	if math.IsNaN(s) || math.IsInf(s, 0) || s <= 0 {
		return sigma
	}
	return math.Max(MinSigma, math.Min(MaxSigma, s))
}
