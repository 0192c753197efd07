package ataxxgame

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// marshalState is the record as the code before statecodec wrote it:
// json.Marshal of the state with Moves as text.
func marshalState(t testing.TB, s *state) []byte {
	t.Helper()
	c := *s
	c.Moves = joinMoves(s.moves)
	data, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// referenceDecode is Decode as it was before statecodec: json.Unmarshal,
// then replay.
func referenceDecode(g *Game, data []byte) (*state, error) {
	s := &state{game: g}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("ataxx state: %w", err)
	}
	return s, s.replay()
}

// sameDecode fails t unless Decode and referenceDecode agree on data:
// both refuse it in the same words, or both read the same game, which
// Encode then writes as json.Marshal did.
func sameDecode(t *testing.T, g *Game, data []byte) {
	t.Helper()
	want, wantErr := referenceDecode(g, data)
	st, err := g.Decode(data)
	if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
		t.Fatalf("Decode(%q): got error %v; want %v", data, err, wantErr)
	}
	if err != nil {
		return
	}
	got := st.(*state)
	if got.Rules != want.Rules || got.Start != want.Start || got.Began != want.Began {
		t.Fatalf("Decode(%q): got rules %q start %q began %d; want %q %q %d",
			data, got.Rules, got.Start, got.Began, want.Rules, want.Start, want.Began)
	}
	if fmt.Sprint(got.moves) != fmt.Sprint(want.moves) {
		t.Fatalf("Decode(%q): got moves %v; want %v", data, got.moves, want.moves)
	}
	if got.pos != want.pos {
		t.Fatalf("Decode(%q): got position %v; want %v", data, got.pos.FEN(), want.pos.FEN())
	}
	if got.prev != want.prev {
		t.Fatalf("Decode(%q): got previous position %v; want %v", data, got.prev.FEN(), want.prev.FEN())
	}
	enc, err := got.Encode()
	if err != nil {
		t.Fatalf("Decode(%q), Encode: %v", data, err)
	}
	if want := marshalState(t, want); string(enc) != string(want) {
		t.Fatalf("Decode(%q), Encode: got %s; want %s", data, enc, want)
	}
}

// variedGame is a random game under one of the rule sets, sometimes from a
// position with blocks or a FEN, sometimes with setup moves before Begin.
// Its moves are played by Position.Play, not Act, so that no record is
// needed in between.
func variedGame(t testing.TB, g *Game, seed uint64) *state {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	rules := []string{"manual", "cs61b", "uai"}[rng.IntN(3)]
	st, err := g.New(rules)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	switch rng.IntN(4) {
	case 1:
		if _, err := s.Configure(bot.Command{Verb: "blocks", Args: []string{"3gh"}}); err != nil {
			t.Fatal(err)
		}
	case 2:
		if _, err := s.Configure(bot.Command{Verb: "setfen", Args: []string{"x5o/1-3-1/7/3x3/7/1-3-1/o5x", "o", "7", "12"}}); err != nil {
			t.Fatal(err)
		}
	case 3: // corners empty, so that "0000" (a1) can name an empty square
		if _, err := s.Configure(bot.Command{Verb: "setfen", Args: []string{"1x3o1/7/7/3-3/7/7/1o3x1", "x"}}); err != nil {
			t.Fatal(err)
		}
	}
	plies := rng.IntN(300)
	setup := rng.IntN(4)
	for i := 0; i < plies && s.pos.Outcome() == ataxx.Ongoing; i++ {
		if i == setup {
			s.Begin()
		}
		var l ataxx.MoveList
		s.pos.GenerateMoves(&l)
		m := ataxx.Pass
		if l.Len > 0 {
			m = l.Moves[rng.IntN(l.Len)]
		}
		if _, _, err := s.pos.Play(m); err != nil {
			t.Fatalf("seed %d: %v: %v", seed, m, err)
		}
		s.moves = append(s.moves, m)
	}
	return s
}

func TestEncodeMatchesJSONMarshal(t *testing.T) {
	g := New(nil, Options{})
	for seed := range uint64(500) {
		s := variedGame(t, g, seed)
		got, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if want := marshalState(t, s); string(got) != string(want) {
			t.Fatalf("seed %d: Encode: got %s; want %s", seed, got, want)
		}
		if cap(got) != s.stateSize() {
			t.Errorf("seed %d: Encode grew its buffer: cap %d; want %d", seed, cap(got), s.stateSize())
		}
		sameDecode(t, g, got)
	}
}

func TestEncodeEdgeCases(t *testing.T) {
	g := New(nil, Options{})
	for _, tc := range []struct {
		name string
		s    state
	}{
		{"zero", state{}},
		{"new", state{Rules: "manual", Start: ataxx.StartFEN}},
		{"began", state{Rules: "cs61b", Start: ataxx.StartFEN, Began: 2, moves: []ataxx.Move{ataxx.Clone(5), ataxx.Pass}}},
		{"negative began", state{Rules: "uai", Start: ataxx.StartFEN, Began: -12345}},
		{"blocks", state{Rules: "uai", Start: "x5o/1-3-1/2-1-2/2-1-2/2-1-2/1-3-1/o5x x 0 1"}},
		{"html", state{Rules: "<&>", Start: "x5o/7/7/7/7/7/o5x x 0 1 <script>"}},
		{"escapes", state{Rules: "\"\\\b\f\n\r\t\x00\x1f\x7f", Start: "é 山田 \u2028\u2029"}},
		{"invalid utf-8", state{Rules: "\xff\xfe", Start: "a\xc3"}},
		{"odd moves", state{Rules: "manual", moves: []ataxx.Move{ataxx.NoMove, ataxx.Jump(48, 46), ataxx.CloneFrom(1, 2), ataxx.Clone(60)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.s.game = g
			got, err := tc.s.Encode()
			if err != nil {
				t.Fatal(err)
			}
			if want := marshalState(t, &tc.s); string(got) != string(want) {
				t.Errorf("Encode: got %s; want %s", got, want)
			}
		})
	}
}

func TestDecodeAgreesWithJSONUnmarshal(t *testing.T) {
	const start = `"start":"x5o/7/7/7/7/7/o5x x 0 1"`
	for _, tc := range []struct{ name, data string }{
		{"encoded", `{"rules":"manual",` + start + `,"moves":"f6 b6 a7c5","began":1}`},
		{"no moves", `{"rules":"uai",` + start + `}`},
		{"empty object", `{}`},
		{"empty", ``},
		{"null", `null`},
		{"spaces", " \t\r\n{ \"rules\" :\n\"cs61b\" , " + start + " ,\"began\": 0 }\n "},
		{"keys in any order", `{"began":1,"moves":"b6 f6",` + start + `,"rules":"manual"}`},
		{"duplicate keys", `{"rules":"chess","rules":"uai",` + start + `,"moves":"x","moves":"b6"}`},
		{"key case", `{"Rules":"uai","START":"x5o/7/7/7/7/7/o5x o 0 1"}`},
		{"unknown key", `{"rules":"uai",` + start + `,"clock":[1,2]}`},
		{"escaped key", `{"r\u0075les":"uai",` + start + `}`},
		{"escaped value", `{"rules":"u\u0061i",` + start + `,"moves":"b6\tf6"}`},
		{"null value", `{"rules":"uai",` + start + `,"moves":null,"began":null}`},
		{"began fraction", `{"rules":"uai",` + start + `,"moves":"b6","began":1.0}`},
		{"fen with odd spaces", `{"rules":"uai","start":"x5o/7/7/7/7/7/o5x\u00a0x\t0\u20281","moves":"b6"}`},
		{"began exponent", `{"rules":"uai",` + start + `,"moves":"b6","began":1e0}`},
		{"began minus zero", `{"rules":"uai",` + start + `,"began":-0}`},
		{"began leading zero", `{"rules":"uai",` + start + `,"began":01}`},
		{"began ten digits", `{"rules":"uai",` + start + `,"began":1000000000}`},
		{"began huge", `{"rules":"uai",` + start + `,"began":99999999999999999999999}`},
		{"began string", `{"rules":"uai",` + start + `,"began":"1"}`},
		{"began negative", `{"rules":"uai",` + start + `,"began":-1}`},
		{"began too big", `{"rules":"uai",` + start + `,"moves":"b6","began":2}`},
		{"trailing comma", `{"rules":"uai",` + start + `,}`},
		{"trailing text", `{"rules":"uai",` + start + `} x`},
		{"two objects", `{"rules":"uai",` + start + `}{}`},
		{"cut short", `{"rules":"uai",` + start},
		{"rules by other case", `{"rules":"UAI",` + start + `}`},
		{"unknown rules", `{"rules":"chess",` + start + `}`},
		{"bad fen", `{"rules":"uai","start":"nonsense"}`},
		{"fen with blocks", `{"rules":"uai","start":"x5o/1-3-1/7/7/7/1-3-1/o5x o 3 4","moves":"f6"}`},
		{"manual notation", `{"rules":"uai",` + start + `,"moves":"a7-b6 G7-F6 B6-b4 - "}`},
		{"upper case", `{"rules":"uai",` + start + `,"moves":"B6 G7E5"}`},
		{"clone with origin", `{"rules":"uai",` + start + `,"moves":"a7b6 g7f6 a7b7"}`},
		{"clone from nowhere", `{"rules":"uai",` + start + `,"moves":"c5"}`},
		{"jump from nowhere", `{"rules":"uai",` + start + `,"moves":"c7c5"}`},
		{"jump onto a piece", `{"rules":"uai","start":"x1o4/7/7/7/7/7/o5x x 0 1","moves":"a7c7"}`},
		{"move too far", `{"rules":"uai",` + start + `,"moves":"a7d4"}`},
		{"pass with a move", `{"rules":"uai",` + start + `,"moves":"0000"}`},
		{"pass with a move and a1 empty", `{"rules":"uai","start":"x5o/7/7/7/7/7/1x4x x 0 1","moves":"0000"}`},
		{"pass when stuck", `{"rules":"uai","start":"x-5/--5/7/7/7/7/6o x 0 1","moves":"0000 f2"}`},
		{"move after the end", `{"rules":"uai","start":"x6/7/7/7/7/7/7 x 0 1","moves":"b6"}`},
		{"move after the jump limit", `{"rules":"cs61b","start":"x5o/7/7/7/7/7/o5x x 25 20","moves":"b6"}`},
		{"garbage move", `{"rules":"uai",` + start + `,"moves":"b6 zz9 f6"}`},
		{"white space", "{\"rules\":\"uai\"," + start + ",\"moves\":\" \\u000bb6\\f\\n f6\\r\\t\"}"},
		{"vertical tab", "{\"rules\":\"uai\"," + start + ",\"moves\":\"b6\x0bf6\"}"},
		{"unicode space", `{"rules":"uai",` + start + `,"moves":"b6\u00a0f6\u0085b5"}`},
		{"unicode space raw", "{\"rules\":\"uai\"," + start + ",\"moves\":\"b6\u00a0f6\"}"},
		{"non-ASCII move", `{"rules":"uai",` + start + `,"moves":"b6 ｆ6"}`},
		{"invalid utf-8", "{\"rules\":\"uai\"," + start + ",\"moves\":\"b6 \xff\"}"},
		{"control character", "{\"rules\":\"uai\"," + start + ",\"moves\":\"b6\x01\"}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sameDecode(t, New(nil, Options{}), []byte(tc.data))
		})
	}
}

// TestDecodeTakesTheFastPath checks that the records Encode writes are
// read without encoding/json: allocations stay at the state and its moves.
func TestDecodeTakesTheFastPath(t *testing.T) {
	g := New(nil, Options{})
	s := randomGame(t, g, "cs61b", 1, 40)
	data, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := g.Decode(data); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 2 {
		t.Errorf("Decode(%s): got %v allocations; want at most 2", data, allocs)
	}
}

// TestRulesKeepSetupMoves checks that changing the rules of a decoded game
// replays its setup moves, now that Decode leaves Moves empty.
func TestRulesKeepSetupMoves(t *testing.T) {
	g := New(nil, Options{})
	st, err := g.Decode([]byte(`{"rules":"manual","start":"x5o/7/7/7/7/7/o5x x 0 1","moves":"b6 f6"}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Act(0, bot.Command{Verb: "c5"}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Configure(bot.Command{Verb: "rules", Args: []string{"uai"}}); err != nil {
		t.Fatal(err)
	}
	if got, want := joinMoves(st.(*state).moves), "b6 f6 c5"; got != want {
		t.Errorf("moves after rules uai: got %q; want %q", got, want)
	}
}

// FuzzDecodeState checks that Decode, fast path or not, never panics and
// reads every record as json.Unmarshal and replay did: the same game or
// the same refusal.
func FuzzDecodeState(f *testing.F) {
	g := New(nil, Options{})
	for seed := range uint64(8) {
		data, err := variedGame(f, g, seed).Encode()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"rules":"uai","start":"x5o/7/7/7/7/7/o5x x 0 1","moves":"a7-b6 G7F6 0000 -","began":1}`))
	f.Add([]byte(` {"Rules":"cs61b", "start":"x5o/7/7/7/7/7/o5x x 0 1","moves":"b6\u00a0f6","began":-0} `))
	f.Fuzz(func(t *testing.T, data []byte) {
		sameDecode(t, g, data)
	})
}

// TestSurelyLegalIsLegal checks surelyLegal against Position.Legal on
// every clone and jump, legal or not, in the positions of random games:
// the same answer, and never sure of a pass.
func TestSurelyLegalIsLegal(t *testing.T) {
	g := New(nil, Options{})
	candidates := []ataxx.Move{ataxx.Pass, ataxx.NoMove}
	for to := range ataxx.Square(ataxx.NumSquares) {
		candidates = append(candidates, ataxx.Clone(to))
		for from := range ataxx.Square(ataxx.NumSquares) {
			if ataxx.Distance(from, to) == 2 {
				candidates = append(candidates, ataxx.Jump(from, to))
			}
		}
	}
	positions := 0
	for seed := range uint64(60) {
		s := variedGame(t, g, seed)
		pos, err := ataxx.ParseFEN(s.Start)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := ataxx.ParseRules(s.Rules)
		pos.SetRules(r)
		for i := 0; ; i++ {
			positions++
			for _, m := range candidates {
				got, want := surelyLegal(&pos, m), pos.Legal(m) == nil
				if m == ataxx.Pass || m == ataxx.NoMove {
					want = false // never sure: Position.Play decides
				}
				if got != want {
					t.Fatalf("seed %d, %s, %v: surelyLegal got %v; want %v (Legal: %v)", seed, pos.FEN(), m, got, want, pos.Legal(m))
				}
			}
			if i == len(s.moves) {
				break
			}
			pos.MakeMove(s.moves[i])
		}
	}
	if positions < 1000 {
		t.Errorf("checked %d positions; want at least 1000", positions)
	}
}

// TestDecodeDamagedRecords changes one move of recorded games to some
// other move, legal there or not, and checks that Decode reads or refuses
// each record as json.Unmarshal and replay did.
func TestDecodeDamagedRecords(t *testing.T) {
	g := New(nil, Options{})
	var words []string
	for to := range ataxx.Square(ataxx.NumSquares) {
		words = append(words, to.String(), strings.ToUpper(to.String()))
		for from := range ataxx.Square(ataxx.NumSquares) {
			switch ataxx.Distance(from, to) {
			case 1:
				words = append(words, from.String()+to.String(), from.String()+"-"+to.String())
			case 2:
				words = append(words, from.String()+to.String())
			}
		}
	}
	words = append(words, "0000", "-", "", "h8", "a0", "a7a7", "a7d4", "(none)")
	for seed := range uint64(400) {
		s := variedGame(t, g, seed)
		rng := rand.New(rand.NewPCG(seed, 11))
		moves := strings.Fields(joinMoves(s.moves))
		if len(moves) == 0 {
			continue
		}
		for range 20 {
			damaged := slices.Clone(moves)
			word := words[rng.IntN(len(words))]
			if rng.IntN(4) == 0 {
				word = "0000" // a pass is legal only when stuck
			}
			damaged[rng.IntN(len(damaged))] = word
			c := *s
			c.Moves = strings.Join(damaged, " ")
			data, err := json.Marshal(&c)
			if err != nil {
				t.Fatal(err)
			}
			sameDecode(t, g, data)
		}
	}
}
