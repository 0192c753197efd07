package abalonegame_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// harness is the real host with a memory store, hosting Abalone alone.
type harness struct {
	t     *testing.T
	bot   *hosttest.Host
	store *memory.Store
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	h := &harness{t: t, store: memory.New()}
	kind := abalonegame.New(abalonegame.Options{Budget: 200 * time.Millisecond})
	h.bot = hosttest.Must(hosttest.New(bot.Config{}, h.store, &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)},
		[]bot.Kind{kind}, nil))
	return h
}

// say sends text to channel #test as user and returns the replies.
func (h *harness) say(user, text string) []bot.Reply {
	return h.bot.Handle(context.Background(), bot.Message{
		Network: "test", Channel: "#test", UserID: "id-" + user, Name: user, Text: text,
	})
}

// must says text and fails unless the replies hold want and no refusal.
func (h *harness) must(user, text, want string) string {
	h.t.Helper()
	rs := h.say(user, text)
	got := joined(rs)
	for _, r := range rs {
		if r.Error {
			h.t.Fatalf("%s %q: refused: %q", user, text, r.Text)
		}
	}
	if !strings.Contains(got, want) {
		h.t.Fatalf("%s %q: got %q; want it to contain %q", user, text, got, want)
	}
	return got
}

func (h *harness) raw() string {
	data, _, err := h.store.Load(context.Background(), "test:#test")
	if err != nil && !errors.Is(err, bot.ErrNotFound) {
		h.t.Fatal(err)
	}
	return string(data)
}

func (h *harness) record() *bot.Record {
	h.t.Helper()
	r, err := bot.UnmarshalRecord([]byte(h.raw()))
	if err != nil {
		h.t.Fatal(err)
	}
	return r
}

// position reads the table's position through the position command.
func (h *harness) position() abalone.Position {
	h.t.Helper()
	rs := h.say("observer", "!abalone position")
	if len(rs) != 1 || rs[0].Error {
		h.t.Fatalf("position: got %q", joined(rs))
	}
	line, _, _ := strings.Cut(rs[0].Text, "\n")
	p, err := abalone.ParsePosition(line)
	if err != nil {
		h.t.Fatalf("position %q: %v", line, err)
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

// awcMoves reads the AWC 2015 final (vectors.txt) as moves.
func awcMoves(t *testing.T) []abalone.Move {
	t.Helper()
	text, err := os.ReadFile("testdata/awc2015.txt")
	if err != nil {
		t.Fatal(err)
	}
	start, moves, err := abalone.ParseGame(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if start != abalone.NewPosition(abalone.BelgianDaisy) || len(moves) != 115 {
		t.Fatalf("awc2015.txt: start %s, %d plies; want belgian, 115", start.Text(), len(moves))
	}
	return moves
}

// expectPlayed is the host's line for a move, built from the engine: who
// plays what, what it did, and who is next.
func expectPlayed(p abalone.Position, m abalone.Move, n abalone.Notation, who [2]string) string {
	_, what, _ := strings.Cut(p.Describe(m, n), ": ")
	text := fmt.Sprintf("%s plays %s. %s.", who[p.Turn()], p.FormatMove(m, n), what)
	eff := p.Effect(m)
	p.MakeMove(m)
	if eff.Ejected {
		text += fmt.Sprintf(" Lost: black %d, white %d.", p.Lost(abalone.Black), p.Lost(abalone.White))
	}
	if !p.IsOver() {
		text += " " + who[p.Turn()] + " to move."
	}
	return text
}

// TestAWC2015FinalInChat replays the AWC 2015 final through the host
// between two players, once typed in standard notation and once in
// aMalone's (the table's notation switched on Black's first turn): every
// move is accepted and announced as the engine describes it, and the
// board ends with Black 1 and White 5 marbles lost, as the file gives.
func TestAWC2015FinalInChat(t *testing.T) {
	moves := awcMoves(t)
	who := [2]string{"Black (alice)", "White (bob)"}
	players := [2]string{"alice", "bob"}
	for _, n := range []abalone.Notation{abalone.Standard, abalone.AMalone} {
		t.Run(n.String(), func(t *testing.T) {
			h := newHarness(t)
			h.must("alice", "!abalone start @bob belgian", "bob, alice challenges you to Abalone as White")
			h.must("bob", "!abalone join", "Game on: Black (alice) vs White (bob). Black (alice) to move.")
			if n == abalone.AMalone {
				h.must("alice", "!abalone notation amalone", "Notation: aMalone")
			}
			p := abalone.NewPosition(abalone.BelgianDaisy)
			for i, m := range moves {
				tok := p.FormatMove(m, n)
				text := "!" + tok
				if i%3 == 1 {
					text = "!move " + strings.ToUpper(tok) // case does not matter
				}
				want := expectPlayed(p, m, n, who)
				rs := h.say(players[p.Turn()], text)
				if got := joined(rs); got != want || len(rs) != 1 || rs[0].Error {
					t.Fatalf("ply %d %q: got %q; want %q", i+1, text, got, want)
				}
				p.MakeMove(m)
			}
			board := h.must("carol", "!abalone board", "lost: @ black 1, O white 5")
			if want := strings.TrimSuffix(p.Render(n), "\n") + "; last "; !strings.HasPrefix(board, want) {
				t.Errorf("board: got\n%s\nwant it to begin\n%s", board, want)
			}
			if rec := h.record(); rec.Phase != bot.PhasePlaying || rec.Plies != len(moves)+int(n) {
				t.Errorf("record: phase %s, plies %d; want playing, %d", rec.Phase, rec.Plies, len(moves)+int(n))
			}
			// The saved game replays to the same moves.
			saved := h.must("carol", "!abalone save", "abalone load belgian")
			start, got, err := abalone.ParseGame(saved)
			if err != nil || start != abalone.NewPosition(abalone.BelgianDaisy) || fmt.Sprint(got) != fmt.Sprint(moves) {
				t.Errorf("save: ParseGame = %d moves, %v; want the final's %d", len(got), err, len(moves))
			}
		})
	}
}

// TestGameAgainstAI plays a whole game against the AI at level 2, the
// person playing random legal moves, until the game ends (resigning
// after a cap): the AI answers every move with a legal one, and the end
// is announced and recorded.
func TestGameAgainstAI(t *testing.T) {
	h := newHarness(t)
	h.must("alice", "!abalone start ai:2", "Game on: Black (alice) vs White (AI level 2). Black (alice) to move.")
	rng := rand.New(rand.NewPCG(7, 11))
	const maxPlies = 300
	var last string
	for ply := 0; ply < maxPlies; ply += 2 {
		p := h.position()
		if p.IsOver() {
			break
		}
		if p.Turn() != abalone.Black {
			t.Fatalf("ply %d: %v to move; want alice's Black", ply, p.Turn())
		}
		legal := p.LegalMoves()
		m := legal[rng.IntN(len(legal))]
		last = h.must("alice", "!"+m.String(), "Black (alice) plays "+m.String()+".")
		if !strings.Contains(last, "White (AI level 2) plays ") && !strings.Contains(last, "Black wins") {
			t.Fatalf("ply %d: the AI did not answer: %q", ply, last)
		}
	}
	rec := h.record()
	if rec.Phase != bot.PhaseOver {
		h.must("alice", "!resign", "Black resigns. White wins.")
		rec = h.record()
		if rec.Phase != bot.PhaseOver || rec.Ending != bot.EndResigned {
			t.Fatalf("after resigning: phase %s, ending %q", rec.Phase, rec.Ending)
		}
		t.Logf("capped at %d plies: %s", maxPlies, rec.Result)
		return
	}
	if rec.Ending != abalonegame.EndSixOff || rec.Winner == nil {
		t.Fatalf("ended %q, winner %v; want six marbles off", rec.Ending, rec.Winner)
	}
	p := h.position()
	loser := abalone.Color(1 - *rec.Winner)
	if p.Lost(loser) != abalone.WinningLosses {
		t.Errorf("%v lost %d; want %d", loser, p.Lost(loser), abalone.WinningLosses)
	}
	if !strings.Contains(last, "wins. (six marbles off) Lost: ") {
		t.Errorf("last replies %q: want the result with the marbles lost", last)
	}
	t.Logf("%s after %d plies", rec.Result, rec.Plies)
}

// TestAIMovesInTableNotation: at a table that writes aMalone's notation,
// the AI's moves are announced in it too, and a standard move is still
// read.
func TestAIMovesInTableNotation(t *testing.T) {
	h := newHarness(t)
	h.must("alice", "!abalone start ai:2 german amalone", "Notation: aMalone")
	got := h.must("alice", "!c3d4", "Black (alice) plays 1A1-A0. 1 marble moves. White (AI level 2) to move.")
	_, ai, _ := strings.Cut(got, "White (AI level 2) plays ")
	p := abalone.NewPosition(abalone.GermanDaisy)
	m, err := p.ParseMove("c3d4")
	if err != nil {
		t.Fatal(err)
	}
	p.MakeMove(m)
	word, _, _ := strings.Cut(ai, ".")
	if m, err := p.ParseMoveIn(word, abalone.AMalone); err != nil || p.FormatMove(m, abalone.AMalone) != word {
		t.Errorf("the AI's move %q: %v; want a legal move in aMalone's notation", word, err)
	}
}
