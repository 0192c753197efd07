package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// testRun is a small datagen run: few nodes a move, a third of the games
// with blocks and random plies later on.
func testRun(games, workers int) *genRun {
	return &genRun{
		genConfig: genConfig{Seed: 5, Net: 1, Nodes: 150, HashMB: 1, OpenMin: 1, OpenMax: 4, MidRandom: 2,
			BlockShare: 35, Rules: uint8(ataxx.RulesUAI), MaxBlocks: 4},
		games: games, workers: workers, net: ataxxai.DefaultNet(), log: io.Discard,
	}
}

// gamesIn reads the games file at path, sorted by index.
func gamesIn(t *testing.T, path string) gamesFile {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := readGames(b)
	if err != nil {
		t.Fatalf("readGames(%s): %v", path, err)
	}
	if f.whole != len(b) {
		t.Errorf("%s: whole frames end at %d; want the file's end %d", path, f.whole, len(b))
	}
	slices.SortFunc(f.games, func(a, b gameRecord) int { return int(a.index) - int(b.index) })
	return f
}

func TestGamesFileRoundTrip(t *testing.T) {
	c := testRun(1, 1).genConfig
	c.Balance = 300
	games := []gameRecord{
		{index: 0, outcome: ataxx.Draw},
		{index: 7, blocks: ataxx.Reflections(ataxx.NewSquare(2, 4)), outcome: ataxx.BlueWins, adjudicated: true, plies: []ply{
			{move: ataxx.Clone(ataxx.NewSquare(1, 5)), random: true},
			{move: ataxx.Jump(ataxx.NewSquare(6, 6), ataxx.NewSquare(4, 6)), score: -32767},
			{move: ataxx.Pass, score: 32767},
			{move: ataxx.Clone(ataxx.NewSquare(0, 0)), score: 63},
		}},
		{index: 1 << 40, outcome: ataxx.RedWins, plies: []ply{{move: ataxx.Clone(ataxx.NewSquare(3, 3)), score: -64}}},
	}
	b := appendGamesHeader(nil, c)
	if len(b) != gamesHeaderSize {
		t.Fatalf("header: got %d bytes; want %d", len(b), gamesHeaderSize)
	}
	for i := range games {
		b = games[i].appendFrame(b)
	}
	f, err := readGames(b)
	if err != nil {
		t.Fatal(err)
	}
	if f.config != c {
		t.Errorf("config: got %+v; want %+v", f.config, c)
	}
	if f.whole != len(b) {
		t.Errorf("whole: got %d; want %d", f.whole, len(b))
	}
	for i := range games {
		if games[i].plies == nil {
			games[i].plies = []ply{}
		}
	}
	if !reflect.DeepEqual(f.games, games) {
		t.Errorf("games: got %+v; want %+v", f.games, games)
	}
}

// TestReadGamesDropsATornEnd: a file whose last write was cut short (at
// any byte) or garbled reads as the games before it; damage before the
// last frame is an error.
func TestReadGamesDropsATornEnd(t *testing.T) {
	c := testRun(1, 1).genConfig
	one := gameRecord{index: 3, outcome: ataxx.Draw, plies: []ply{{move: ataxx.Clone(ataxx.NewSquare(1, 5)), score: 5}}}
	two := gameRecord{index: 4, outcome: ataxx.RedWins, plies: []ply{{move: ataxx.Clone(ataxx.NewSquare(1, 1)), score: -5}}}
	head := one.appendFrame(appendGamesHeader(nil, c))
	full := two.appendFrame(slices.Clone(head))
	for cut := len(head); cut < len(full); cut++ {
		f, err := readGames(full[:cut])
		if err != nil || len(f.games) != 1 || f.whole != len(head) {
			t.Fatalf("cut at %d: got %d games, whole %d, %v; want 1 game, whole %d", cut, len(f.games), f.whole, err, len(head))
		}
	}
	garbled := slices.Clone(full)
	garbled[len(garbled)-6] ^= 0x40
	if f, err := readGames(garbled); err != nil || len(f.games) != 1 {
		t.Errorf("last frame garbled: got %d games, %v; want 1 game", len(f.games), err)
	}
	zeros := append(slices.Clone(full), make([]byte, 100)...)
	if f, err := readGames(zeros); err != nil || len(f.games) != 2 || f.whole != len(full) {
		t.Errorf("zeros after the frames: got %d games, whole %d, %v; want 2 games, whole %d", len(f.games), f.whole, err, len(full))
	}
	inner := slices.Clone(full)
	inner[len(head)-6] ^= 0x40
	if _, err := readGames(inner); !errors.Is(err, errGamesFile) {
		t.Errorf("first frame garbled: got %v; want errGamesFile", err)
	}
	if _, err := readGames([]byte("ATXGAME0 and more, more, more bytes than a header")); !errors.Is(err, errGamesFile) {
		t.Errorf("another magic: got %v; want errGamesFile", err)
	}
}

// TestGenGamesReplay: every generated game replays legally to its
// recorded end, with its random plies where the flags put them.
func TestGenGamesReplay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g")
	r := testRun(6, 2)
	if err := r.run(context.Background(), path, io.Discard); err != nil {
		t.Fatal(err)
	}
	f := gamesIn(t, path)
	if len(f.games) != 6 {
		t.Fatalf("got %d games; want 6", len(f.games))
	}
	blocked := 0
	for i, g := range f.games {
		if g.index != uint64(i) {
			t.Fatalf("game %d: index %d", i, g.index)
		}
		if g.blocks != 0 {
			blocked++
		}
		var end ataxx.Position
		if err := g.replay(ataxx.RulesUAI, func(p *ataxx.Position, _ ply) { end = *p }); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		random := 0
		for _, p := range g.plies {
			if p.random {
				random++
			}
		}
		if random < int(r.OpenMin) || random > int(r.OpenMax+r.MidRandom) {
			t.Errorf("game %d: %d random plies; want %d to %d", i, random, r.OpenMin, r.OpenMax+r.MidRandom)
		}
		if len(g.plies) == random {
			t.Errorf("game %d: no searched ply", i)
		}
		last := g.plies[len(g.plies)-1]
		end.MakeMove(last.move)
		if !g.adjudicated && end.Outcome() != g.outcome {
			t.Errorf("game %d: outcome %v; the replay ends %v", i, g.outcome, end.Outcome())
		}
	}
	if blocked == 0 {
		t.Errorf("no game with blocks; want about a third")
	}
}

// TestGenBalancedOpenings: with -balance, each game's first searched
// position (after its random opening) scores within the bound, searched as
// the generator does (a fresh searcher, the same nodes); the score the game
// records there is that same search's.
func TestGenBalancedOpenings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g")
	r := testRun(8, 2)
	r.OpenMin, r.OpenMax, r.MidRandom, r.Balance = 10, 14, 0, 60
	if err := r.run(context.Background(), path, io.Discard); err != nil {
		t.Fatal(err)
	}
	f := gamesIn(t, path)
	if f.config.Balance != 60 {
		t.Errorf("the header's balance: got %d; want 60", f.config.Balance)
	}
	for _, g := range f.games {
		var first *ataxx.Position
		var score int16
		if err := g.replay(ataxx.RulesUAI, func(p *ataxx.Position, pl ply) {
			if !pl.random && first == nil {
				c := *p
				first, score = &c, pl.score
			}
		}); err != nil {
			t.Fatalf("game %d: %v", g.index, err)
		}
		if first == nil {
			t.Errorf("game %d: no searched ply", g.index)
			continue
		}
		res := r.searcher().Search(context.Background(), *first, search.Limits{Nodes: uint64(r.Nodes)}, search.Options{}, nil)
		if res.Info.Score != int(score) {
			t.Errorf("game %d: the first searched score: got %d; a fresh search gives %d", g.index, score, res.Info.Score)
		}
		if score > 60 || score < -60 {
			t.Errorf("game %d: the opening scores %d; want within ±60", g.index, score)
		}
	}
}

// TestGenSameGamesWhateverWorkersAndStops: the games depend on the flags
// only: one worker, three, and a run torn by a crash in the middle of
// writing its header, stopped at once, run for two games, torn by a crash
// in the middle of a game's write, then resumed, make the same games.
func TestGenSameGamesWhateverWorkersAndStops(t *testing.T) {
	dir := t.TempDir()
	one, three, resumed := filepath.Join(dir, "1"), filepath.Join(dir, "3"), filepath.Join(dir, "r")
	if err := testRun(5, 1).run(context.Background(), one, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := testRun(5, 3).run(context.Background(), three, io.Discard); err != nil {
		t.Fatal(err)
	}
	want := gamesIn(t, one)
	if got := gamesIn(t, three); !reflect.DeepEqual(got.games, want.games) {
		t.Errorf("three workers made other games than one")
	}

	// A crash while the header was written.
	if err := os.WriteFile(resumed, appendGamesHeader(nil, testRun(1, 1).genConfig)[:20], 0o644); err != nil {
		t.Fatal(err)
	}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	if err := testRun(5, 2).run(stopped, resumed, io.Discard); !errors.Is(err, context.Canceled) {
		t.Errorf("a stopped run: got %v; want context.Canceled", err)
	}
	if err := testRun(2, 2).run(context.Background(), resumed, io.Discard); err != nil {
		t.Fatal(err)
	}
	// A crash while game 4 was written: half its frame.
	frame := want.games[4].appendFrame(nil)
	fh, err := os.OpenFile(resumed, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fh.Write(frame[:len(frame)/2]); err != nil {
		t.Fatal(err)
	}
	fh.Close()
	var out bytes.Buffer
	if err := testRun(5, 2).run(context.Background(), resumed, &out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out.Bytes(), []byte("2 of 5 games there, 3 to play")) {
		t.Errorf("the resumed run said %q; want it to find 2 of 5 games", out.String())
	}
	if got := gamesIn(t, resumed); !reflect.DeepEqual(got.games, want.games) {
		t.Errorf("a stopped, torn and resumed run made other games than an uninterrupted one")
	}
}

func TestGenRefusesOtherFlags(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g")
	if err := testRun(1, 1).run(context.Background(), path, io.Discard); err != nil {
		t.Fatal(err)
	}
	r := testRun(2, 1)
	r.Nodes++
	if err := r.run(context.Background(), path, io.Discard); !errors.Is(err, errOtherFlags) {
		t.Errorf("more nodes on the same file: got %v; want errOtherFlags", err)
	}
}

// FuzzReadGames: whatever the bytes, readGames returns games or an error
// (and replaying them returns the positions or an error); what it reads
// writes back to the same bytes.
func FuzzReadGames(f *testing.F) {
	c := testRun(1, 1).genConfig
	g := gameRecord{index: 9, blocks: ataxx.Reflections(ataxx.NewSquare(1, 4)), outcome: ataxx.RedWins, plies: []ply{
		{move: ataxx.Clone(ataxx.NewSquare(1, 5)), random: true},
		{move: ataxx.Clone(ataxx.NewSquare(5, 5)), score: 12},
	}}
	f.Add(g.appendFrame(appendGamesHeader(nil, c)))
	f.Add(appendGamesHeader(nil, c))
	f.Fuzz(func(t *testing.T, b []byte) {
		gf, err := readGames(b)
		if err != nil {
			return
		}
		again := appendGamesHeader(nil, gf.config)
		for i := range gf.games {
			again = gf.games[i].appendFrame(again)
			_ = gf.games[i].replay(ataxx.Rules(gf.config.Rules%3), func(*ataxx.Position, ply) {})
		}
		if !bytes.Equal(again, b[:gf.whole]) {
			t.Errorf("writing what was read: got % x; want % x", again, b[:gf.whole])
		}
	})
}
