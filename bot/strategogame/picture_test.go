package strategogame

import (
	"flag"
	"image"
	"image/color"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/bot/picture/picturetest"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata/golden")

// randomGame is a game in play from armies and moves drawn from seed:
// plies random legal moves (fewer if the game ends), stopping early once
// a combat was the last move when untilCombat.
func randomGame(t testing.TB, seed uint64, plies int, untilCombat bool) *state {
	t.Helper()
	k, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := k.New("")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for seat := range 2 {
		army := stratego.RandomSetup(rand.New(rand.NewPCG(seed, uint64(seat))))
		lines := army.Lines(stratego.Colour(seat))
		for _, c := range []bot.Command{{Verb: "setup", Args: lines[:]}, {Verb: "ready"}} {
			if _, err := st.Act(seat, c); err != nil {
				t.Fatalf("seat %d %v: %v", seat, c.Verb, err)
			}
		}
	}
	s := st.(*state)
	for range plies {
		if s.over() {
			break
		}
		pos := s.game.Position()
		side := pos.Side()
		v := pos.View(stratego.SeatOf(side))
		moves := v.LegalMoves()
		rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		played := false
		for _, m := range moves {
			if _, err := st.Act(int(side), bot.Command{Verb: "move", Args: []string{m.String()}}); err == nil {
				played = true
				break
			}
		}
		if !played {
			break
		}
		if h := s.game.History(); untilCombat && h[len(h)-1].Combat() {
			break
		}
	}
	return s
}

func TestPictureGolden(t *testing.T) {
	setup := func(t testing.TB) bot.Picturer {
		k, _ := New(Options{})
		st, _ := k.New("")
		if err := st.Begin(); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Act(0, bot.Command{Verb: "setup", Args: []string{"progcomp"}}); err != nil {
			t.Fatal(err)
		}
		return st.(*state)
	}
	over := func(t testing.TB) bot.Picturer {
		s := randomGame(t, 3, 60, true)
		s.End(bot.Result{Over: true, Winner: 1, Ending: bot.EndResigned})
		return s
	}
	combat := func(t testing.TB) bot.Picturer { return randomGame(t, 3, 60, true) }
	const caption = "Red: alice (4:12) · Blue: bob (3:58)"
	picturetest.GoldenShots(t, "stratego", []picturetest.Shot{
		{Name: "setup-red", State: setup, Viewer: 0, Caption: caption},
		{Name: "setup-spectator", State: setup, Viewer: bot.Spectator, Caption: caption},
		{Name: "combat-red", State: combat, Viewer: 0, Caption: caption},
		{Name: "combat-blue", State: combat, Viewer: 1, Caption: caption},
		{Name: "combat-spectator", State: combat, Viewer: bot.Spectator, Caption: caption},
		{Name: "over-everyone", State: over, Viewer: bot.Spectator, Caption: caption},
	}, *update)
}

// tileKey names a tile a picture may show on a square.
type tileKey struct {
	piece    bool
	colour   stratego.Colour
	rank     stratego.Rank // NoRank: blank
	revealed bool
}

// readTiles reads back from a decoded picture what each square shows: a
// tile when the tile's left edge is there in an army's colour, and then
// the tile of that army whose inside is nearest the square's (the sprites
// the kit stamps).
func readTiles(k *kit, img image.Image, from stratego.Colour) map[stratego.Square]tileKey {
	g := picture.Grid{Files: stratego.Width, Ranks: stratego.Height, Cell: cell, Origin: image.Pt(margin, margin), Turned: from == stratego.Blue}
	out := map[stratego.Square]tileKey{}
	const in = 4 // the tile's inside: clear of its antialiased rim
	for sq := stratego.Square(0); sq < stratego.NumSquares; sq++ {
		p := g.Center(sq.X(), sq.Y())
		at := image.Pt(int(p.X+0.5)-spriteSize/2, int(p.Y+0.5)-spriteSize/2)
		col := -1
		for c := range 2 {
			if near(img.At(at.X+in, at.Y+spriteSize/2), armies[c][0]) {
				col = c
			}
		}
		if col < 0 {
			continue
		}
		best := -1
		var key tileKey
		for r := range stratego.Rank(stratego.NumRanks) {
			for rev := range 2 {
				sp := k.tiles[col][r][rev]
				d := 0
				for y := in; y < spriteSize-in; y++ {
					for x := in; x < spriteSize-in; x++ {
						d += dist(img.At(at.X+x, at.Y+y), sp.At(x, y))
					}
				}
				if best < 0 || d < best {
					best, key = d, tileKey{piece: true, colour: stratego.Colour(col), rank: r, revealed: rev == 1}
				}
			}
		}
		out[sq] = key
	}
	return out
}

// near says two colours differ by at most 8 in each channel.
func near(a, b color.Color) bool {
	return dist(a, b) <= 3*8
}

// dist is the sum of the channels' differences, 0..765.
func dist(a, b color.Color) int {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	return (absd(r1, r2) + absd(g1, g2) + absd(b1, b2)) >> 8
}

func absd(a, b uint32) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// textCells reads the text board's cells ("rB", "b#", "..", "~~") by
// square, from the lines Render writes.
func textCells(t *testing.T, text string, from stratego.Colour) map[stratego.Square]string {
	t.Helper()
	out := map[stratego.Square]string{}
	row := 0
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if n, err := strconv.Atoi(f0(f)); err != nil || n < 1 || n > stratego.Height || len(f) != stratego.Width+1 {
			continue
		}
		y := stratego.Height - 1 - row
		if from == stratego.Blue {
			y = row
		}
		for j, cellText := range f[1:] {
			x := j
			if from == stratego.Blue {
				x = stratego.Width - 1 - j
			}
			out[stratego.SquareAt(x, y)] = cellText
		}
		row++
	}
	if row != stratego.Height {
		t.Fatalf("text board has %d rows; want %d:\n%s", row, stratego.Height, text)
	}
	return out
}

// TestPictureShowsWhatTheTextShows draws random games at random moments
// for each seat and a spectator, reads every square of the picture back,
// and checks it against the text board the same viewer gets: a square
// shows a rank exactly where the text does (a spectator: only ranks
// combat revealed; a seat: its own army and revealed enemies), a blank
// tile of the right army where the text has '#', no tile where the text
// has none, and the gold corner exactly on revealed pieces.
func TestPictureShowsWhatTheTextShows(t *testing.T) {
	games := 8 // 24 pictures read back square by square: a minute under -race at 24 games
	if testing.Short() {
		games = 3
	}
	for seed := range uint64(games) {
		plies := int(seed*37) % 240
		s := randomGame(t, 100+seed, plies, false)
		k, err := s.kind.pictures.Get(newKit)
		if err != nil {
			t.Fatal(err)
		}
		for _, viewer := range []int{bot.Spectator, 0, 1} {
			img := picturetest.Decode(t, picturetest.Encode(t, s, viewer, ""))
			v, from, _ := s.boardView(viewer)
			text := textCells(t, s.Board(viewer).Text, from)
			tiles := readTiles(k, img, from)
			for sq := stratego.Square(0); sq < stratego.NumSquares; sq++ {
				cellText, tl := text[sq], tiles[sq]
				want := tileKey{}
				if cellText != ".." && cellText != "~~" {
					want.piece = true
					if cellText[0] == 'b' {
						want.colour = stratego.Blue
					}
					if cellText[1] != '#' {
						want.rank, _ = stratego.RankOfToken(cellText[1])
					}
					want.revealed = v.At(sq).Revealed()
				}
				if tl != want {
					t.Fatalf("seed %d, %d plies, viewer %d, %v: the picture shows %+v; the text shows %q (want %+v)",
						seed, plies, viewer, sq, tl, cellText, want)
				}
			}
		}
	}
}

// TestPictureSpectatorNeverSeesHiddenRanks: in a running game the
// spectator's picture is the same whatever the unrevealed pieces are:
// two games with the same moves but different armies behind the front
// lines... are not easy to make, so instead every tile the spectator's
// picture shows with a rank must stand on a piece combat revealed.
func TestPictureSpectatorNeverSeesHiddenRanks(t *testing.T) {
	for seed := range uint64(12) {
		s := randomGame(t, 500+seed, 150, false)
		if s.over() {
			continue
		}
		k, _ := s.kind.pictures.Get(newKit)
		img := picturetest.Decode(t, picturetest.Encode(t, s, bot.Spectator, ""))
		pos := s.game.Position()
		full := pos.View(stratego.Everyone)
		for sq, tl := range readTiles(k, img, stratego.Red) {
			if tl.rank != stratego.NoRank && !full.At(sq).Revealed() {
				t.Fatalf("seed %d: the spectator's picture shows %v's %v on %v, which combat never revealed", seed, tl.colour, tl.rank, sq)
			}
		}
	}
}

// BenchmarkPicture draws and encodes a mid-game board.
func BenchmarkPicture(b *testing.B) {
	picturetest.Benchmark(b, randomGame(b, 3, 60, true), 0, "Red: alice (4:12) · Blue: bob (3:58)")
}

func f0(f []string) string {
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
