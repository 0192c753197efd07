package congogame_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/engine/congo"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

type fixedClock struct{ now time.Time }

func (c *fixedClock) Now() time.Time { return c.now }

type harness struct {
	t     *testing.T
	bot   *hosttest.Host
	store *memory.Store
	kind  *congogame.Game
}

func newHarness(t *testing.T) *harness {
	h := &harness{t: t, store: memory.New(), kind: congogame.New(nil, congogame.Options{})}
	clock := &fixedClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	h.bot = hosttest.Must(hosttest.New(bot.Config{}, h.store, clock, []bot.Kind{h.kind}, nil))
	return h
}

// say sends text to channel #test as user and returns the replies.
func (h *harness) say(user, text string) []bot.Reply {
	return h.bot.Handle(context.Background(), bot.Message{
		Network: "test", Channel: "#test", UserID: "id-" + user, Name: user, Text: text,
	})
}

func (h *harness) raw() string {
	data, _, _ := h.store.Load(context.Background(), "test:#test")
	return string(data)
}

func (h *harness) record() *bot.Record {
	h.t.Helper()
	data, _, err := h.store.Load(context.Background(), "test:#test")
	if errors.Is(err, bot.ErrNotFound) {
		return nil
	}
	if err != nil {
		h.t.Fatal(err)
	}
	r, err := bot.UnmarshalRecord(data)
	if err != nil {
		h.t.Fatal(err)
	}
	return r
}

// pos is the position as !fen tells it.
func (h *harness) pos() congo.Position {
	h.t.Helper()
	rs := h.say("observer", "!congo fen")
	if len(rs) != 1 {
		h.t.Fatalf("fen: got %d replies", len(rs))
	}
	p, err := congo.ParseFEN(rs[0].Text)
	if err != nil {
		h.t.Fatalf("fen reply %q: %v", rs[0].Text, err)
	}
	return p
}

func joined(rs []bot.Reply) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, r.Text)
	}
	return strings.Join(parts, "\n")
}

// step is one line of a scenario: who says what, and what must come back.
type step struct {
	user, text string
	want       string // the replies joined, exactly, unless contains
	contains   bool   // want is a substring
	wantErr    bool   // the last reply is a refusal, and the record is unchanged
}

func run(t *testing.T, h *harness, steps []step) {
	t.Helper()
	for i, s := range steps {
		before := h.raw()
		rs := h.say(s.user, s.text)
		got := joined(rs)
		if len(rs) == 0 {
			t.Fatalf("step %d %s %q: got no reply; want %q", i, s.user, s.text, s.want)
		}
		if s.contains && !strings.Contains(got, s.want) || !s.contains && got != s.want {
			t.Fatalf("step %d %s %q: got\n%s\nwant (contains=%v)\n%s", i, s.user, s.text, got, s.contains, s.want)
		}
		last := rs[len(rs)-1]
		if last.Error != s.wantErr {
			t.Fatalf("step %d %s %q: got error=%v (%q); want error=%v", i, s.user, s.text, last.Error, last.Text, s.wantErr)
		}
		if s.wantErr && h.raw() != before {
			t.Fatalf("step %d %s %q: a refusal changed the record", i, s.user, s.text)
		}
	}
}

const (
	startBoard = " 7   g m e l e c z\n 6   p p p p p p p\n 5   - - - - - - -\n 4   + + + + + + +\n 3   - - - - - - -\n 2   P P P P P P P\n 1   G M E L E C Z\n\n /   a b c d e f g"
	a3Board    = " 7   g m e l e c z\n 6   p p p p p p p\n 5   - - - - - - -\n 4   + + + + + + +\n 3   P - - - - - -\n 2   - P P P P P P\n 1   G M E L E C Z\n\n /   a b c d e f g"
	players    = " * white 2E 1Z 1G 1C 7P 0S 1L 1M\n   black 2e 1z 1g 1c 7p 0s 1l 1m"
	startMoves = " (a2,a3) (a2,b3) (b2,a3) (b2,b3) (b2,c3)\n (c2,b3) (c2,c3) (c2,d3) (d2,c3) (d2,d3)\n (d2,e3) (e2,d3) (e2,e3) (e2,f3) (f2,e3)\n (f2,f3) (f2,g3) (g2,f3) (g2,g3) (a1,a3)\n (a1,c3) (c1,c3) (e1,e3) (g1,f3)"
	wrong      = `Entered move is wrong. Consult "show moves".`
	// monkeyWins is the guide's "3-long white monkey jump and white wins".
	monkeyWins = "7/4l2/7/4c2/7/2p4/1M1L3/w/-1"
	monkeys    = "3l2m/5P1/3P3/7/3p1p1/1p5/M2L3/w/-1"
	plenty     = "1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1"
	gameOn     = "Black is taken by bob.\nGame on: White (alice) vs Black (bob). White (alice) to move."
)

// open starts a game between alice (White) and bob (Black).
var open = []step{
	{user: "alice", text: "!congo start @bob", want: "bob, alice challenges you to Congo as Black: say !congo join within 5m0s."},
	{user: "bob", text: "!congo join", want: gameOn},
}

// TestCommands checks every command's reply, in the guide's formats, and
// the refusals.
func TestCommands(t *testing.T) {
	tests := []struct {
		name  string
		steps []step
		fen   string // the final position, "" to skip
	}{
		{name: "moves in every notation", steps: append(open[:2:2],
			step{user: "alice", text: "!move a2 a3", want: "White (alice): transition (a2,a3). Black (bob) to move."},
			step{user: "bob", text: "!move a6-a5", want: "Black (bob): transition (a6,a5). White (alice) to move."},
			step{user: "alice", text: "!b2-b3", want: "White (alice): transition (b2,b3). Black (bob) to move."},
			step{user: "bob", text: "!b6 b5", want: "Black (bob): transition (b6,b5). White (alice) to move."},
			step{user: "alice", text: "!congo move c2c3", want: "White (alice): transition (c2,c3). Black (bob) to move."},
		), fen: "gmelecz/2ppppp/pp5/7/PPP4/3PPPP/GMELECZ/b/-1"},
		{name: "wrong moves get the guide's answer and change nothing", steps: append(open[:2:2],
			step{user: "alice", text: "!move a1 b3", want: wrong, wantErr: true},
			step{user: "alice", text: "!a1-b3", want: wrong, wantErr: true},
			step{user: "alice", text: "!a6-a5", want: wrong, wantErr: true},
			step{user: "alice", text: "!move a2 a3 a4", want: wrong, wantErr: true},
			step{user: "alice", text: "!move x9 a3", want: wrong, wantErr: true},
			step{user: "alice", text: "!a2", want: wrong, wantErr: true},
			step{user: "alice", text: "!move", want: "bad command: say move FROM TO", wantErr: true},
			step{user: "alice", text: "!stop", want: "not allowed: no monkey is jumping (stop ends a monkey's jumps taken one at a time)", wantErr: true},
			step{user: "alice", text: "!stop now", want: "bad command: stop takes no square", wantErr: true},
			step{user: "bob", text: "!a6-a5", want: "not your turn: White (alice) to move.", wantErr: true},
			step{user: "carol", text: "!a2-a3", want: "not a player", contains: true, wantErr: true},
		), fen: congo.StartFEN},
		{name: "show, allow, advise, guide and fen", steps: append(open[:2:2],
			step{user: "carol", text: "!show board", want: startBoard},
			step{user: "carol", text: "!show players", want: players},
			step{user: "carol", text: "!show moves", want: startMoves},
			step{user: "carol", text: "!show", want: startBoard + "\n\n" + players + "\n\n" + startMoves},
			step{user: "carol", text: "!show game", want: startBoard + "\n\n" + players + "\n\n" + startMoves},
			step{user: "carol", text: "!show stars", want: "bad command: say show board, show players, show moves or show game", wantErr: true},
			step{user: "carol", text: "!board", want: startBoard},
			step{user: "carol", text: "!allow", want: "Allowed commands are allow, guide, show, fen."},
			step{user: "bob", text: "!allow", want: "Allowed commands are allow, guide, show, fen."},
			step{user: "alice", text: "!allow", want: "Allowed commands are allow, advise, guide, show, fen, move."},
			step{user: "alice", text: "!advise random", want: "Advised move is (", contains: true},
			step{user: "alice", text: "!advise negamax", want: "Advised move is (a2,a3)."},
			step{user: "alice", text: "!advise", want: "Advised move is (a2,a3)."},
			step{user: "carol", text: "!guide move", want: " NAME\n    move\n DESCRIPTION\n    Moves a certain piece from a square to a square.\n USAGE\n    move [a-g][1-7] [a-g][1-7]"},
			step{user: "carol", text: "!guide allow", want: " NAME\n    allow\n DESCRIPTION\n    Lists the commands the program accepts.\n USAGE\n    allow"},
			step{user: "carol", text: "!guide stop", want: " NAME\n    stop\n DESCRIPTION\n    Ends a monkey's jumps taken one at a time, where it stands.\n USAGE\n    stop | move [a-g][1-7] [a-g][1-7] (the monkey's square twice)"},
			step{user: "carol", text: "!guide", want: " NAME\n    guide\n", contains: true},
			step{user: "carol", text: "!guide exit", want: `Command exit is not supported. Consult "guide guide".`},
			step{user: "carol", text: "!guide frob", want: `Command frob is not supported. Consult "guide guide".`},
			step{user: "carol", text: "!help move", want: "!move FROM TO - move a piece", contains: true},
			step{user: "carol", text: "!congo fen", want: congo.StartFEN},
			step{user: "carol", text: "!congo status", want: "Congo: White (alice), Black (bob). Turn 1, white to move. white 2E 1Z 1G 1C 7P 0S 1L 1M, black 2e 1z 1g 1c 7p 0s 1l 1m. White (alice) to move."},
			step{user: "carol", text: "!congo frob", want: `bad command: unknown command "frob"; say !help for the list`, wantErr: true},
		)},
		{name: "verbose shows the guide's board after a move", steps: append(open[:2:2],
			step{user: "alice", text: "!verbose", want: "Verbose: the board follows every move."},
			step{user: "alice", text: "!a2-a3", want: "White (alice): transition (a2,a3). Black (bob) to move.\n" + a3Board},
		)},
		{name: "setup from a FEN: the monkey's path takes the lion", steps: []step{
			{user: "alice", text: "!congo new", want: "New game of Congo in setup", contains: true},
			{user: "alice", text: "!congo position 7/7", want: "invalid Congo FEN", contains: true, wantErr: true},
			{user: "alice", text: "!congo position 7/7/7/7/7/7/7/w/-1", want: "no lion on the board", contains: true, wantErr: true},
			{user: "alice", text: "!congo position " + monkeyWins, want: "Position set: " + monkeyWins},
			{user: "alice", text: "!congo start @bob", want: "challenges you", contains: true},
			{user: "bob", text: "!congo join", want: gameOn},
			{user: "alice", text: "!congo position standard", want: "the game has begun", contains: true, wantErr: true},
			{user: "alice", text: "!b1-d3-f5-d7", want: "White (alice): transition (b1,d3,f5,d7).\nWhite wins. (lion taken)"},
			{user: "bob", text: "!a1-a2", want: "the game is over", contains: true, wantErr: true},
		}, fen: "3M3/7/7/7/7/7/3L3/b/-1"},
		{name: "a jump at a time: the turn stays with the monkey", steps: []step{
			{user: "alice", text: "!congo position " + monkeyWins, want: "Position set: " + monkeyWins},
			{user: "alice", text: "!congo start @bob", want: "challenges you", contains: true},
			{user: "bob", text: "!congo join", want: gameOn},
			{user: "alice", text: "!move b1 d3", want: "White (alice): transition (b1,d3). The monkey on d3 may jump on, or stop (say stop). White (alice) to move."},
			{user: "bob", text: "!e6-e5", want: "not your turn: White (alice) to move.", wantErr: true},
			{user: "carol", text: "!congo status", want: "Turn 1, white to move. The monkey on d3 is jumping. white 0E", contains: true},
			{user: "alice", text: "!show moves", want: " (d3,d3) (d3,f5) (d3,f5,d7)"},
			{user: "alice", text: "!allow", want: "Allowed commands are allow, advise, guide, show, fen, move, stop."},
			{user: "alice", text: "!d1-d2", want: wrong, wantErr: true},
			{user: "alice", text: "!d3-f5", want: "White (alice): transition (d3,f5). The monkey on f5 may jump on, or stop (say stop). White (alice) to move."},
			{user: "alice", text: "!advise", want: "Advised move is (f5,d7)."},
			{user: "alice", text: "!f5-d7", want: "White (alice): transition (f5,d7).\nWhite wins. (lion taken)"},
		}, fen: "3M3/7/7/7/7/7/3L3/b/-1"},
		{name: "a jump at a time, then stop", steps: []step{
			{user: "alice", text: "!congo position " + monkeyWins, want: "Position set: " + monkeyWins},
			{user: "alice", text: "!congo start @bob", want: "challenges you", contains: true},
			{user: "bob", text: "!congo join", want: gameOn},
			{user: "alice", text: "!b1-d3", want: "may jump on", contains: true},
			{user: "alice", text: "!stop", want: "White (alice): transition (d3,d3). The monkey stops on d3. Black (bob) to move."},
			{user: "bob", text: "!e6-e5", want: "Black (bob): transition (e6,e5). White (alice) to move."},
			{user: "carol", text: "!congo status", want: "Congo: White (alice), Black (bob). Turn 3, white to move. white 0E 0Z 0G 0C 0P 0S 1L 1M, black 0e 0z 0g 1c 0p 0s 1l 0m. White (alice) to move."},
		}, fen: "7/7/4l2/4c2/3M3/7/3L3/w/-1"},
		{name: "one jump that ends the turn at once", steps: []step{
			{user: "alice", text: "!congo position " + monkeyWins, want: "Position set: " + monkeyWins},
			{user: "alice", text: "!congo start @bob", want: "challenges you", contains: true},
			{user: "bob", text: "!congo join", want: gameOn},
			{user: "alice", text: "!b1-d3 stop", want: "White (alice): transition (b1,d3). Black (bob) to move."},
		}, fen: "7/4l2/7/4c2/3M3/7/3L3/b/-1"},
		{name: "undo takes back a whole monkey turn", steps: []step{
			{user: "alice", text: "!congo position " + monkeyWins, want: "Position set: " + monkeyWins},
			{user: "alice", text: "!congo start @bob", want: "challenges you", contains: true},
			{user: "bob", text: "!congo join", want: gameOn},
			{user: "alice", text: "!b1-d3", want: "may jump on", contains: true},
			{user: "alice", text: "!d3-f5", want: "may jump on", contains: true},
			{user: "alice", text: "!undo", want: "White (alice) asks to take back a move", contains: true},
			{user: "bob", text: "!undo", want: "Took back 2 moves. White (alice) to move."},
		}, fen: monkeyWins},
		{name: "against the AI, undo is at once", steps: []step{
			{user: "alice", text: "!congo start ai:1", want: "Game on: White (alice) vs Black (AI level 1). White (alice) to move."},
			{user: "alice", text: "!undo", want: "no move has been made yet", contains: true, wantErr: true},
			{user: "alice", text: "!a2-a3", want: "Black (AI level 1): transition (", contains: true},
			{user: "alice", text: "!undo", want: "Took back 2 moves. White (alice) to move."},
		}, fen: congo.StartFEN},
		{name: "the guide's advisers as AI programs", steps: []step{
			{user: "alice", text: "!congo start ai:negamax", want: "Game on: White (alice) vs Black (AI negamax). White (alice) to move."},
			{user: "alice", text: "!a2-a3", want: "White (alice): transition (a2,a3). Black (AI negamax) to move.\nBlack (AI negamax): transition (", contains: true},
		}},
		{name: "resign", steps: append(open[:2:2],
			step{user: "bob", text: "!resign", want: "Black resigns. White wins."},
			step{user: "carol", text: "!show players", want: players},
		)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			run(t, h, tt.steps)
			if tt.fen != "" {
				if p := h.pos(); p.FEN() != tt.fen {
					t.Errorf("final position: got %s; want %s", p.FEN(), tt.fen)
				}
			}
		})
	}
}

// moveText writes m as a player might: in one of the notations, chosen by
// rng. A monkey's multi-capture may be given a jump at a time; then
// moveText returns each jump, and "stop" if the monkey could go on.
func moveTexts(p congo.Position, m congo.Move, rng *rand.Rand) []string {
	if m.Jumps() > 1 && rng.IntN(2) == 0 {
		path := m.Path()
		var out []string
		for i := 1; i < len(path); i++ {
			out = append(out, "!"+path[i-1].String()+"-"+path[i].String())
		}
		return out // the turn ends by itself or with a stop, see playTurn
	}
	if m.Jumps() == 1 {
		return []string{"!" + m.String() + " stop"}
	}
	var squares []string
	for _, sq := range m.Path() {
		squares = append(squares, sq.String())
	}
	switch rng.IntN(4) {
	case 0:
		return []string{"!move " + strings.Join(squares, " ")}
	case 1:
		return []string{"!" + strings.Join(squares, " ")}
	case 2:
		return []string{"!congo move " + m.String()}
	}
	return []string{"!" + m.String()}
}

// playTurn has user play a random legal move of the position (a
// monkey's jumps preferred), and
// returns the replies; the monkey's jumps may go one at a time.
func (h *harness) playTurn(user string, rng *rand.Rand) []bot.Reply {
	h.t.Helper()
	p := h.pos()
	moves := p.LegalMoves()
	if len(moves) == 0 {
		h.t.Fatalf("no legal move in %s", p.FEN())
	}
	m := moves[rng.IntN(len(moves))]
	// A monkey's jumps, rare among random moves, are chosen most of the
	// time they are there, so that games take paths and single jumps.
	var jumps []congo.Move
	for _, j := range moves {
		if j.Jumps() > 0 {
			jumps = append(jumps, j)
		}
	}
	if len(jumps) > 0 && rng.IntN(4) > 0 {
		m = jumps[rng.IntN(len(jumps))]
	}
	var out []bot.Reply
	for _, text := range moveTexts(p, m, rng) {
		rs := h.say(user, text)
		if len(rs) == 0 || rs[len(rs)-1].Error {
			h.t.Fatalf("%s %q in %s: got %q; want it played", user, text, p.FEN(), joined(rs))
		}
		out = append(out, rs...)
	}
	if q := h.pos(); q.Jumping() && q.Turn() == p.Turn() {
		rs := h.say(user, "!stop")
		if len(rs) == 0 || rs[len(rs)-1].Error {
			h.t.Fatalf("%s stop in %s: got %q", user, q.FEN(), joined(rs))
		}
		out = append(out, rs...)
	}
	return out
}

// checkEnd checks that a finished game's announcement, record and final
// position agree with the rules, and that the record replays.
func checkEnd(t *testing.T, h *harness, text string) {
	t.Helper()
	r := h.record()
	if r.Phase != bot.PhaseOver {
		t.Fatalf("phase: got %s; want over", r.Phase)
	}
	p := h.pos()
	o := p.Outcome()
	winner, ok := o.Winner()
	if !ok {
		t.Fatalf("final position %s: outcome %v; want a winner", p.FEN(), o)
	}
	want := map[congo.Color]string{congo.White: "White wins.", congo.Black: "Black wins."}[winner]
	if !strings.Contains(text, want) || !strings.HasPrefix(r.Result, want) {
		t.Errorf("result: got record %q and replies ending %q; want %q", r.Result, text[max(0, len(text)-200):], want)
	}
	if r.Ending != "lion taken" && r.Ending != "no moves left" {
		t.Errorf("ending: got %q; want lion taken or no moves left", r.Ending)
	}
	if r.Winner == nil || *r.Winner != int(winner) {
		t.Errorf("record winner: got %v; want %d", r.Winner, winner)
	}
	replayRecord(t, h.kind, r, p.FEN())
}

// replayRecord plays the record's actions on the engine alone and checks
// that they reach fen, and that the state survives decode and encode.
func replayRecord(t *testing.T, kind bot.Kind, r *bot.Record, fen string) {
	t.Helper()
	var rec struct {
		Start string `json:"start"`
		Moves string `json:"moves"`
	}
	if err := json.Unmarshal(r.State, &rec); err != nil {
		t.Fatalf("record state %s: %v", r.State, err)
	}
	p, err := congo.ParseFEN(rec.Start)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range strings.Fields(rec.Moves) {
		step := strings.TrimSuffix(text, "+")
		m, err := p.ParseMove(step)
		if err != nil {
			t.Fatalf("record action %d %q: %v", i, text, err)
		}
		if step != text {
			m = m.Open()
		}
		p.MakeMove(m)
	}
	if p.FEN() != fen {
		t.Errorf("replayed record: got %s; want %s", p.FEN(), fen)
	}
	st, err := kind.Decode(r.State)
	if err != nil {
		t.Fatalf("decode record: %v", err)
	}
	again, err := st.Encode()
	var want bytes.Buffer
	if cerr := json.Compact(&want, r.State); cerr != nil || err != nil || string(again) != want.String() {
		t.Errorf("record round trip: got %s (%v, %v); want %s", again, err, cerr, want.String())
	}
}

// TestTwoPlayersFullGame plays whole games between two people in a
// channel through the host, with random legal moves in every notation,
// from the standard board and from the guide's "board with plenty of
// moves" (Black to move), and from a board where both monkeys have
// paths to take.
func TestTwoPlayersFullGame(t *testing.T) {
	starts := []string{"standard", "standard", "standard", plenty, plenty, plenty, monkeys, monkeys, monkeys, monkeys}
	for seed, start := range starts {
		h := newHarness(t)
		run(t, h, []step{
			{user: "alice", text: "!congo position " + start, want: "Position set", contains: true},
			{user: "alice", text: "!congo start @bob", want: "challenges you", contains: true},
			{user: "bob", text: "!congo join", want: "Game on: White (alice) vs Black (bob).", contains: true},
		})
		rng := rand.New(rand.NewPCG(uint64(seed), 13))
		var text string
		for turn := 0; ; turn++ {
			if turn > 1000 {
				t.Fatalf("seed %d: no end after %d turns", seed, turn)
			}
			user := "alice"
			if p := h.pos(); p.Turn() == congo.Black {
				user = "bob"
			}
			text = joined(h.playTurn(user, rng))
			if h.record().Phase == bot.PhaseOver {
				break
			}
		}
		checkEnd(t, h, text)
	}
}

// TestAgainstTheAIToTheEnd plays a person (random legal moves) against
// the AI at a low level until the game ends.
func TestAgainstTheAIToTheEnd(t *testing.T) {
	for _, start := range []string{"!congo start ai:2", "!congo start ai:1", "!congo start ai:random"} {
		h := newHarness(t)
		rs := h.say("alice", start)
		if !strings.Contains(joined(rs), "Game on: White (alice) vs Black (AI ") {
			t.Fatalf("%s: got %q", start, joined(rs))
		}
		rng := rand.New(rand.NewPCG(7, 13))
		var text string
		for turn := 0; h.record().Phase != bot.PhaseOver; turn++ {
			if turn > 1000 {
				t.Fatalf("%s: no end after %d turns", start, turn)
			}
			if p := h.pos(); p.Turn() != congo.White {
				t.Fatalf("%s: the AI did not answer: %s", start, p.FEN())
			}
			text = joined(h.playTurn("alice", rng))
		}
		checkEnd(t, h, text)
	}
}
