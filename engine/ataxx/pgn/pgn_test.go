package pgn

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// randomGame plays random legal moves from fen until the game ends or
// maxPlies, under the rules Read replays by.
func randomGame(t *testing.T, rng *rand.Rand, fen string, maxPlies int) (ataxx.Position, []ataxx.Move, ataxx.Position) {
	t.Helper()
	start, err := ataxx.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	start.SetRules(ataxx.RulesUAI)
	pos := start
	var moves []ataxx.Move
	for !pos.IsOver() && len(moves) < maxPlies {
		ms := pos.LegalMoves()
		m := ms[rng.IntN(len(ms))]
		pos.MakeMove(m)
		moves = append(moves, m)
	}
	return start, moves, pos
}

func sameGame(t *testing.T, i int, got, want Game) {
	t.Helper()
	if got.Start.FEN() != want.Start.FEN() {
		t.Errorf("game %d: start %q; want %q", i, got.Start.FEN(), want.Start.FEN())
	}
	if got.Result != want.Result {
		t.Errorf("game %d: result %q; want %q", i, got.Result, want.Result)
	}
	if len(got.Moves) != len(want.Moves) {
		t.Fatalf("game %d: %d moves; want %d", i, len(got.Moves), len(want.Moves))
	}
	for j := range got.Moves {
		if got.Moves[j] != want.Moves[j] {
			t.Fatalf("game %d ply %d: %v; want %v", i, j+1, got.Moves[j], want.Moves[j])
		}
	}
}

func TestRoundTripRandomGames(t *testing.T) {
	t.Parallel()
	starts := []struct{ name, fen string }{
		{"standard start", ataxx.StartFEN},
		{"blocks, x to move", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"},
		{"blocks, o to move", "x2-2o/3-3/2---2/7/2---2/3-3/o2-2x o 7 12"},
		{"a cramped middle game", "xxxxooo/x-----o/x-3-o/7/o-3-x/o-----x/ooo1xxx o 0 30"},
	}
	rng := rand.New(rand.NewPCG(21, 1))
	var want []Game
	var buf bytes.Buffer
	for _, s := range starts {
		for k := range 5 {
			start, moves, end := randomGame(t, rng, s.fen, []int{1 << 20, 0, 1, 17, 60}[k])
			result := ResultOf(end.Outcome())
			info := Info{Event: s.name, Date: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), Black: `x "one"`, White: `o\two`, Round: strconv.Itoa(k + 1)}
			g, err := NewGame(info, start, moves, result)
			if err != nil {
				t.Fatalf("%s: NewGame: %v", s.name, err)
			}
			if err := Write(&buf, g); err != nil {
				t.Fatalf("%s: Write: %v", s.name, err)
			}
			want = append(want, g)
		}
	}
	got, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("Read: %v\n%s", err, buf.String())
	}
	if len(got) != len(want) {
		t.Fatalf("Read: %d games; want %d", len(got), len(want))
	}
	for i := range got {
		sameGame(t, i+1, got[i], want[i])
		for _, name := range []string{"Black", "White", "Event", "Date", "Material", "PlyCount"} {
			g, _ := got[i].Tag(name)
			w, _ := want[i].Tag(name)
			if g != w {
				t.Errorf("game %d tag %s: got %q; want %q", i+1, name, g, w)
			}
		}
	}
}

func TestNewGameTags(t *testing.T) {
	t.Parallel()
	start := ataxx.NewPosition()
	moves := []ataxx.Move{ataxx.Clone(ataxx.NewSquare(6, 1)), ataxx.Jump(ataxx.NewSquare(0, 0), ataxx.NewSquare(2, 1))}
	g, err := NewGame(Info{Event: "E", Site: "S", Date: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Black: "Ann", White: "Bob", Adjudicated: "Out of time"}, start, moves, WhiteWins)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Write(&b, g); err != nil {
		t.Fatal(err)
	}
	want := `[Event "E"]
[Site "S"]
[Date "2026.01.02"]
[Round "1"]
[Black "Ann"]
[White "Bob"]
[Result "0-1"]
[FEN "x5o/7/7/7/7/7/o5x x 0 1"]
[FinalFEN "x5o/7/7/7/7/2o3x/6x x 1 2"]
[Adjudicated "Out of time"]
[Winner "Bob"]
[Loser "Ann"]
[PlyCount "2"]
[Material "+1"]

1. g2 a1c2 0-1


`
	if b.String() != want {
		t.Errorf("Write: got\n%s\nwant\n%s", b.String(), want)
	}
}

// This fixture was written from the source of cuteataxx's
// src/core/pgn.cpp (write_as_pgn), before cuteataxx was built: its tag set
// and order, Date as "%F %T", "1... " when o moves first, one line of
// moves, and adjudications the real match below lacks (game length).
// Read takes it, and Write gives back the same bytes.
func TestCuteataxxFixture(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/cuteataxx.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	if len(games) != 4 {
		t.Fatalf("Read: %d games; want 4", len(games))
	}
	wantFirst := []ataxx.Color{ataxx.Red, ataxx.Blue, ataxx.Red, ataxx.Red}
	wantAdj := []string{"", "Max game length reached", "Out of time", ""}
	for i, g := range games {
		if g.Start.Turn() != wantFirst[i] {
			t.Errorf("game %d: first mover %v; want %v", i+1, g.Start.Turn(), wantFirst[i])
		}
		if adj, _ := g.Tag("Adjudicated"); adj != wantAdj[i] {
			t.Errorf("game %d: Adjudicated %q; want %q", i+1, adj, wantAdj[i])
		}
		end, err := replay(g.Start, g.Moves)
		if err != nil {
			t.Fatalf("game %d: replay: %v", i+1, err)
		}
		if f, _ := g.Tag("FinalFEN"); f != end.FEN() {
			t.Errorf("game %d: FinalFEN %q; replayed %q", i+1, f, end.FEN())
		}
		if n, _ := g.Tag("PlyCount"); n != strconv.Itoa(len(g.Moves)) {
			t.Errorf("game %d: PlyCount %s; read %d moves", i+1, n, len(g.Moves))
		}
		if wantAdj[i] == "" && ResultOf(end.Outcome()) != g.Result {
			t.Errorf("game %d: result %s; the final position says %v", i+1, g.Result, end.Outcome())
		}
		black, _ := g.Tag("Black")
		if winner, ok := g.Tag("Winner"); ok && (winner == black) != (g.Result == BlackWins) {
			t.Errorf("game %d: Winner %q, Black %q, result %s: 1-0 must be Black's win", i+1, winner, black, g.Result)
		}
	}
	var out bytes.Buffer
	for _, g := range games {
		if err := Write(&out, g); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(out.Bytes(), data) {
		t.Errorf("Write of the games read differs from the cuteataxx file:\ngot\n%s\nwant\n%s", out.Bytes(), data)
	}
}

// A match cuteataxx played (built by hand outside the repo from
// kz04px/cuteataxx bbbe725 and libataxx 4226c26, ataxx-uai Level 5 against
// Level 3, movetime 20 ms, material adjudication at 12) and the same with
// "verbose": true. Read replays every game; Write gives back the plain file
// byte for byte, and the verbose one without its { movetime N } comments.
func TestCuteataxxRealMatch(t *testing.T) {
	t.Parallel()
	plain, err := os.ReadFile("testdata/cuteataxx-real.pgn")
	if err != nil {
		t.Fatal(err)
	}
	verbose, err := os.ReadFile("testdata/cuteataxx-real-verbose.pgn")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		name      string
		data      []byte
		n         int
		rewritten []byte
	}{
		{"plain", plain, 8, plain},
		{"verbose", verbose, 4, regexp.MustCompile(`\{ movetime \d+ \} `).ReplaceAll(verbose, nil)},
	} {
		games, err := Read(bytes.NewReader(f.data))
		if err != nil {
			t.Fatalf("%s: Read: %v", f.name, err)
		}
		if len(games) != f.n {
			t.Fatalf("%s: %d games; want %d", f.name, len(games), f.n)
		}
		var out bytes.Buffer
		for i, g := range games {
			// cuteataxx records a move that lost on time but stops its
			// FinalFEN before it.
			played := g.Moves
			if adj, _ := g.Tag("Adjudicated"); adj == "Out of time" {
				played = played[:len(played)-1]
			}
			end, err := replay(g.Start, played)
			if err != nil {
				t.Fatalf("%s game %d: %v", f.name, i+1, err)
			}
			if fen, _ := g.Tag("FinalFEN"); fen != end.FEN() {
				t.Errorf("%s game %d: FinalFEN %q; replayed %q", f.name, i+1, fen, end.FEN())
			}
			if n, _ := g.Tag("PlyCount"); n != strconv.Itoa(len(g.Moves)) {
				t.Errorf("%s game %d: PlyCount %s; read %d moves", f.name, i+1, n, len(g.Moves))
			}
			black, _ := g.Tag("Black")
			if winner, ok := g.Tag("Winner"); ok && (winner == black) != (g.Result == BlackWins) {
				t.Errorf("%s game %d: Winner %q, Black %q, result %s: 1-0 must be Black's win", f.name, i+1, winner, black, g.Result)
			}
			if err := Write(&out, g); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(out.Bytes(), f.rewritten) {
			t.Errorf("%s: Write of the games read differs from cuteataxx's:\ngot\n%s\nwant\n%s", f.name, out.Bytes(), f.rewritten)
		}
	}
}

// cuteataxx with "verbose" writes { movetime N } after each move.
func TestCuteataxxVerboseFixture(t *testing.T) {
	t.Parallel()
	plain, err := os.ReadFile("testdata/cuteataxx.pgn")
	if err != nil {
		t.Fatal(err)
	}
	verbose, err := os.ReadFile("testdata/cuteataxx-verbose.pgn")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := Read(bytes.NewReader(plain))
	if err != nil {
		t.Fatal(err)
	}
	vg, err := Read(bytes.NewReader(verbose))
	if err != nil {
		t.Fatalf("Read verbose: %v", err)
	}
	if len(vg) != 2 {
		t.Fatalf("Read verbose: %d games; want 2", len(vg))
	}
	for i := range vg {
		sameGame(t, i+1, vg[i], pg[i+1])
	}
}

// libataxx's own writer (src/libataxx/pgn.hpp, tests/pgn.cpp) adds
// comments, "N..." after them and variations in parentheses.
func TestReadLibataxxStyle(t *testing.T) {
	t.Parallel()
	in := "[Event \"PGN Test\"]\n[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]\n[Black \"PlayerBlack\"]\n[White \"PlayerWhite\"]\n[Result \"*\"]\n\n" +
		"1. g2 { Test comment } 1... a2 2. g3 a3 (2... b2 { Alternate line } 3. g4 a3 { done }) 3. g4 *\n\n" +
		"[Event \"PGN Test\"]\n[FEN \"x5o/7/7/7/7/7/o5x o 0 1\"]\n[Result \"*\"]\n\n1... a2 2. g2 *\n\n"
	games, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	want := [][]string{{"g2", "a2", "g3", "a3", "g4"}, {"a2", "g2"}}
	if len(games) != len(want) {
		t.Fatalf("Read: %d games; want %d", len(games), len(want))
	}
	for i, g := range games {
		var got []string
		for _, m := range g.Moves {
			got = append(got, m.String())
		}
		if strings.Join(got, " ") != strings.Join(want[i], " ") {
			t.Errorf("game %d: moves %v; want %v", i+1, got, want[i])
		}
	}
}

func TestReadTolerates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, moves, result string
	}{
		{"no tags", "1. g2 a2 *", "g2 a2", "*"},
		{"numbers glued", "1.g2 1...a2 2.a7c5 1-0", "g2 a2 a7c5", "1-0"},
		{"line comment and NAG", "; a note\n1. g2 $1 a2 ; why\n 1/2-1/2", "g2 a2", "1/2-1/2"},
		{"escape line and suffixes", "%skip me\n1. g2! a2?! 0-1", "g2 a2", "0-1"},
		{"manual notation, upper case", "1. G1-G2 a1-c2 *", "g2 a1c2", "*"},
		{"pass", "[FEN \"ooooooo/ooooooo/ooooooo/ooooooo/ooooooo/ooooooo/xoo4 x 0 1\"]\n1. 0000 *", "0000", "*"},
		{"CRLF and escapes in tags", "[White \"a \\\"b\\\" \\\\ c\"]\r\n\r\n1. g2 *\r\n", "g2", "*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := Read(strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if len(games) != 1 {
				t.Fatalf("got %d games; want 1", len(games))
			}
			var got []string
			for _, m := range games[0].Moves {
				got = append(got, m.String())
			}
			if strings.Join(got, " ") != tt.moves || games[0].Result != tt.result {
				t.Errorf("got %v %s; want %s %s", got, games[0].Result, tt.moves, tt.result)
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	t.Parallel()
	good := "[Event \"a\"]\n\n1. g2 a2 *\n\n"
	tests := []struct {
		name, in string
		is       error
		mention  string
	}{
		{"illegal jump in game 2", good + "[Event \"b\"]\n\n1. g2 a2 2. c7c5 *", ErrIllegalMove, "game 2, ply 3 (c7c5)"},
		{"occupied square", "1. g2 g2 *", ErrIllegalMove, "game 1, ply 2 (g2)"},
		{"pass with moves", "1. 0000 *", ErrIllegalMove, "ply 1 (0000)"},
		{"not a move", "1. g2 zz *", ErrSyntax, `"zz" is not a move`},
		{"no result", "1. g2 a2", ErrSyntax, "without a result"},
		{"no result before the next game", "1. g2\n[Event \"b\"]\n*", ErrSyntax, "without a result"},
		{"result disagrees", "[Result \"1-0\"]\n1. g2 0-1", ErrSyntax, `Result tag "1-0"`},
		{"bad FEN", "[FEN \"x5o/7\"]\n*", ErrSyntax, "FEN tag"},
		{"open comment", "1. g2 { oops", ErrSyntax, "comment"},
		{"open variation", "1. g2 (a2 *", ErrSyntax, "variation"},
		{"open tag value", "[Event \"a\n*", ErrSyntax, "closing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.in))
			if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.mention) {
				t.Errorf("got %v; want %v mentioning %q", err, tt.is, tt.mention)
			}
		})
	}
}

func TestWriteRefuses(t *testing.T) {
	t.Parallel()
	start := ataxx.NewPosition()
	g2 := ataxx.Clone(ataxx.NewSquare(6, 1))
	tests := []struct {
		name string
		g    Game
	}{
		{"bad result", Game{Start: start, Result: "2-0"}},
		{"illegal move", Game{Start: start, Moves: []ataxx.Move{g2, g2}, Result: "*"}},
		{"bad tag name", Game{Tags: []Tag{{"Bad Name", "x"}}, Start: start, Result: "*"}},
		{"line break in a value", Game{Tags: []Tag{{"Event", "a\n[Result \"1-0\"]"}}, Start: start, Result: "*"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, tt.g); !errors.Is(err, ErrBadGame) || b.Len() != 0 {
				t.Errorf("got %v, %d bytes written; want ErrBadGame and nothing written", err, b.Len())
			}
		})
	}
}
