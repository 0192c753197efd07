// Package kindtest is the contract suite every kind of game runs, as
// store/storetest is for stores: a kind that passes it can be hosted by
// package bot without special cases.
//
// It checks the spec (names, seats, no clash with the host's verbs), that
// a state survives its record (encode, decode, encode again gives the same
// text at every step of a game), that seats owe actions exactly while the
// game is not over, that a seat that owes nothing cannot act and that a
// refused action changes nothing, that the kind's AI plays whole games
// whose every action is accepted, that undo takes a position back to what
// it was, that a rematch (bot.Rematcher) of a played game begins as that
// game began (Prepare's settings kept, nothing of play or of the private
// setups), and for kinds with hidden information that one seat's private
// setup never changes what the spectator or the other seats see.
package kindtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/draw"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Options tune the suite for a kind.
type Options struct {
	// Rules are the rule sets to play; default: the spec's first.
	Rules []string
	// Games is how many AI games to play; default 4.
	Games int
	// MaxActions ends a game that runs longer; default 400.
	MaxActions int
	// Level is the AI level of the playouts; default 1 (fast, random).
	Level int
	// Private returns commands that change only seat's private setup, for
	// a hidden kind: the suite applies them and checks that no other
	// viewer's view changes, and that each is declared Private (said in a
	// private message only). nil: no private setup.
	Private func(seat int, n int) []bot.Command
	// Prepare readies a fresh state for play (settings) before Begin.
	Prepare func(st bot.State) error
}

// Run runs the contract suite against kind.
func Run(t *testing.T, kind bot.Kind, opts Options) {
	spec := kind.Spec()
	if opts.Games == 0 {
		opts.Games = 4
	}
	if opts.MaxActions == 0 {
		opts.MaxActions = 400
	}
	if opts.Level == 0 {
		opts.Level = 1
	}
	if len(opts.Rules) == 0 {
		opts.Rules = []string{""}
	}
	t.Run("spec", func(t *testing.T) { checkSpec(t, spec) })
	for _, rules := range opts.Rules {
		name := rules
		if name == "" {
			name = "default rules"
		}
		t.Run(name, func(t *testing.T) {
			t.Run("fresh state round trip", func(t *testing.T) {
				st := newState(t, kind, rules, opts)
				roundTrip(t, kind, st)
			})
			t.Run("AI playouts", func(t *testing.T) {
				for g := range opts.Games {
					playout(t, kind, spec, rules, opts, int64(g))
				}
			})
			t.Run("rematch keeps the start", func(t *testing.T) {
				rematch(t, kind, spec, rules, opts)
			})
			if spec.Hidden && opts.Private != nil {
				t.Run("private setup stays private", func(t *testing.T) {
					privateSetup(t, kind, spec, rules, opts)
				})
			}
		})
	}
}

func checkSpec(t *testing.T, s bot.Spec) {
	if s.Name == "" || strings.ToLower(s.Name) != s.Name || strings.ContainsAny(s.Name, " \t") {
		t.Errorf("spec name %q: want one lower-case word", s.Name)
	}
	if s.Title == "" {
		t.Errorf("spec %s: no title", s.Name)
	}
	if len(s.Seats) < 2 {
		t.Errorf("spec %s: seats %v; want at least two", s.Name, s.Seats)
	}
	seen := map[string]bool{}
	for _, seat := range s.Seats {
		if seat == "" || seen[seat] {
			t.Errorf("spec %s: seat %q empty or repeated", s.Name, seat)
		}
		seen[seat] = true
	}
	names := map[string]bool{}
	for _, c := range s.Commands {
		if c.Use < bot.Configure || c.Use > bot.Look {
			t.Errorf("command %s: use %d is not configure, act or look", c.Name, c.Use)
		}
		if c.Summary == "" {
			t.Errorf("command %s: no summary", c.Name)
		}
		if c.Private && (!s.Hidden || c.Use != bot.Act) {
			// Only a seat's own action can carry a secret of a hidden game.
			t.Errorf("command %s: private, but the kind is not hidden or the command is not an act", c.Name)
		}
		for _, n := range c.Names() {
			l := strings.ToLower(n)
			if names[l] {
				t.Errorf("command name %q declared twice", n)
			}
			names[l] = true
			if bot.IsHostVerb(l) {
				t.Errorf("command %q is a host verb", n)
			}
		}
	}
	if len(s.Rules) == 0 {
		t.Errorf("spec %s: no rule sets", s.Name)
	}
}

func newState(t *testing.T, kind bot.Kind, rules string, opts Options) bot.State {
	t.Helper()
	st, err := kind.New(rules)
	if err != nil {
		t.Fatalf("New(%q): %v", rules, err)
	}
	if opts.Prepare != nil {
		if err := opts.Prepare(st); err != nil {
			t.Fatalf("Prepare: %v", err)
		}
	}
	return st
}

// roundTrip checks that st survives its record and returns the decoded
// state.
func roundTrip(t *testing.T, kind bot.Kind, st bot.State) bot.State {
	t.Helper()
	data, err := st.Encode()
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	back, err := kind.Decode(data)
	if err != nil {
		t.Fatalf("Decode(%s): %v", data, err)
	}
	again, err := back.Encode()
	if err != nil {
		t.Fatalf("Encode after Decode: %v", err)
	}
	if string(again) != string(data) {
		t.Fatalf("round trip: got %s; want %s", again, data)
	}
	if got, want := fmt.Sprint(back.Pending()), fmt.Sprint(st.Pending()); got != want {
		t.Fatalf("pending after round trip: got %s; want %s", got, want)
	}
	return back
}

func encode(t *testing.T, st bot.State) string {
	t.Helper()
	data, err := st.Encode()
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	return string(data)
}

// playout plays one game with the kind's AI on every seat, checking the
// contract after every action.
func playout(t *testing.T, kind bot.Kind, spec bot.Spec, rules string, opts Options, seed int64) {
	t.Helper()
	ctx := context.Background()
	st := newState(t, kind, rules, opts)
	if err := st.Begin(); err != nil {
		t.Fatalf("Begin: %v", err)
	}
	for n := 0; n < opts.MaxActions; n++ {
		st = roundTrip(t, kind, st)
		pending, res := st.Pending(), st.Result()
		if n == 0 || res.Over {
			for v := bot.Spectator; v < len(spec.Seats); v++ {
				pictureDigest(t, st, v) // draws for every viewer, at the start and the end
			}
		}
		if (len(pending) == 0) != res.Over {
			t.Fatalf("game %d action %d: pending %v but over %v", seed, n, pending, res.Over)
		}
		if res.Over {
			if res.Winner < -1 || res.Winner >= len(spec.Seats) {
				t.Fatalf("game %d: winner %d; want -1 or a seat", seed, res.Winner)
			}
			if res.Ending == "" {
				t.Errorf("game %d: over with no ending", seed)
			}
			for seat := range spec.Seats {
				if _, err := st.Act(seat, bot.Command{Verb: "resign"}); err == nil {
					t.Fatalf("game %d: seat %d acted after the end", seed, seat)
				}
			}
			return
		}
		for _, p := range pending {
			if p < 0 || p >= len(spec.Seats) {
				t.Fatalf("game %d: pending seat %d out of range", seed, p)
			}
		}
		seat := pending[int(seed+int64(n))%len(pending)]
		cmd, err := st.AIAct(ctx, seat, bot.AIPlayer{Level: opts.Level}, seed*1000+int64(n))
		if err != nil {
			t.Fatalf("game %d action %d: AIAct(seat %d): %v", seed, n, seat, err)
		}
		// The same action by a seat that owes none is refused and changes
		// nothing.
		for other := range spec.Seats {
			if slices.Contains(pending, other) {
				continue
			}
			before := encode(t, st)
			if _, err := st.Act(other, cmd); err == nil {
				t.Fatalf("game %d action %d: seat %d acted (%v) while only %v owed", seed, n, other, cmd, pending)
			}
			if after := encode(t, st); after != before {
				t.Fatalf("game %d: a refused action changed the state:\n%s\n%s", seed, before, after)
			}
		}
		before := encode(t, st)
		if _, err := st.Act(seat, cmd); err != nil {
			t.Fatalf("game %d action %d: the AI's %v for seat %d refused: %v\nstate %s", seed, n, cmd, seat, err, before)
		}
		if spec.Undo && len(pending) == 1 && !st.Result().Over {
			after := encode(t, st)
			probe, err := kind.Decode([]byte(after))
			if err != nil {
				t.Fatal(err)
			}
			if k, err := probe.Undo(-1); err == nil {
				if k != 1 {
					t.Fatalf("game %d: Undo(-1) took back %d moves; want 1", seed, k)
				}
				if got := encode(t, probe); got != before {
					t.Fatalf("game %d: undo gave\n%s\nwant\n%s", seed, got, before)
				}
			}
		}
	}
	t.Logf("game %d: not over after %d actions (a draw by length)", seed, opts.MaxActions)
}

// privateSetup checks that each seat's private setup changes neither the
// spectator's view nor another seat's.
func privateSetup(t *testing.T, kind bot.Kind, spec bot.Spec, rules string, opts Options) {
	st := newState(t, kind, rules, opts)
	if err := st.Begin(); err != nil {
		t.Fatalf("Begin: %v", err)
	}
	views := func(except int) string {
		var b strings.Builder
		for v := bot.Spectator; v < len(spec.Seats); v++ {
			if v == except {
				continue
			}
			fmt.Fprintf(&b, "%d: %s | %s | picture %s\n", v, st.Board(v).Text, st.Summary(v), pictureDigest(t, st, v))
		}
		return b.String()
	}
	for seat := range spec.Seats {
		for n := range 3 {
			before := views(seat)
			mine := st.Board(seat).Text
			cmds := opts.Private(seat, n)
			for _, c := range cmds {
				// A command that sets a secret must be said privately:
				// the host refuses it in a channel.
				if d, ok := spec.Command(c.Verb); !ok || !d.Private {
					t.Errorf("seat %d private setup %q: the command is not declared Private", seat, c.Verb)
				}
				if _, err := st.Act(seat, c); err != nil {
					t.Fatalf("seat %d private %v: %v", seat, c, err)
				}
			}
			if after := views(seat); after != before {
				t.Fatalf("seat %d's private setup %v changed what others see:\nbefore:\n%safter:\n%s", seat, cmds, before, after)
			}
			if n > 0 && st.Board(seat).Text == mine {
				t.Logf("seat %d's own view did not change with %v", seat, cmds)
			}
		}
	}
}

// rematch plays a game from Prepare's settings and checks that its
// Rematch, once begun, is the game as it began: the same record, boards
// and summaries for every viewer; that the rematch survives its record
// in setup; and that playing it leaves the old game alone.
func rematch(t *testing.T, kind bot.Kind, spec bot.Spec, rules string, opts Options) {
	ctx := context.Background()
	st := newState(t, kind, rules, opts)
	if _, ok := st.(bot.Rematcher); !ok {
		t.Skipf("%s states are not bot.Rematcher: the host rematches from New", spec.Name)
	}
	if err := st.Begin(); err != nil {
		t.Fatalf("Begin: %v", err)
	}
	views := func(st bot.State) string {
		var b strings.Builder
		fmt.Fprintf(&b, "record %s\npending %v\n", encode(t, st), st.Pending())
		for v := bot.Spectator; v < len(spec.Seats); v++ {
			fmt.Fprintf(&b, "%d: %s | %s\n", v, st.Board(v).Text, st.Summary(v))
		}
		return b.String()
	}
	start := views(st)
	for n := 0; n < opts.MaxActions; n++ {
		st = roundTrip(t, kind, st) // the host rematches a state it decoded
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		seat := pending[n%len(pending)]
		cmd, err := st.AIAct(ctx, seat, bot.AIPlayer{Level: opts.Level}, int64(n))
		if err != nil {
			t.Fatalf("action %d: AIAct(seat %d): %v", n, seat, err)
		}
		if _, err := st.Act(seat, cmd); err != nil {
			t.Fatalf("action %d: the AI's %v for seat %d refused: %v", n, cmd, seat, err)
		}
	}
	if e, ok := st.(bot.Ender); ok && !st.Result().Over {
		e.End(bot.Result{Over: true, Winner: 0, Ending: bot.EndResigned})
	}
	played := encode(t, st)
	for round := range 2 {
		r, err := st.(bot.Rematcher).Rematch()
		if err != nil {
			t.Fatalf("Rematch: %v", err)
		}
		if got := encode(t, st); got != played {
			t.Fatalf("Rematch changed the old game: got %s; want %s", got, played)
		}
		r = roundTrip(t, kind, r) // the rematch waits in setup in the record
		if err := r.Begin(); err != nil {
			t.Fatalf("Begin of the rematch: %v", err)
		}
		if got := views(r); got != start {
			t.Fatalf("rematch %d begins as\n%swant the game's start\n%s", round, got, start)
		}
		if p := r.Pending(); len(p) > 0 {
			cmd, err := r.AIAct(ctx, p[0], bot.AIPlayer{Level: opts.Level}, 1)
			if err != nil {
				t.Fatalf("rematch: AIAct(seat %d): %v", p[0], err)
			}
			if _, err := r.Act(p[0], cmd); err != nil {
				t.Fatalf("rematch: the AI's %v for seat %d refused: %v", cmd, p[0], err)
			}
			if got := encode(t, st); got != played {
				t.Fatalf("playing the rematch changed the old game: got %s; want %s", got, played)
			}
		}
		st, played = r, encode(t, r) // a rematch of the rematch: the same start again
	}
}

// pictureDigest draws st's board for viewer when the state is a
// Picturer, checks the picture has pixels, and returns a digest of them
// ("-" for a state that draws nothing): what a viewer's picture shows, to
// compare before and after another seat's secret changes.
func pictureDigest(t *testing.T, st bot.State, viewer int) string {
	t.Helper()
	p, ok := st.(bot.Picturer)
	if !ok {
		return "-"
	}
	img, err := p.Picture(viewer, "caption")
	if err != nil {
		t.Fatalf("Picture(%d): %v", viewer, err)
	}
	b := img.Bounds()
	if b.Dx() < 16 || b.Dy() < 16 {
		t.Fatalf("Picture(%d): %v; want a board", viewer, b)
	}
	rgba := image.NewRGBA(b)
	draw.Draw(rgba, b, img, b.Min, draw.Src)
	sum := sha256.Sum256(rgba.Pix)
	return hex.EncodeToString(sum[:8])
}
