package metrics_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// recorder is an Observer that keeps what it is told.
type recorder struct {
	mu       sync.Mutex
	commands []string // "network kind verb ok|refused"
	started  []string
	finished []string // "kind ending"
	thought  []string
	storeErr []string
}

func (r *recorder) CommandDone(network, kind, verb string, d time.Duration, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	outcome := "ok"
	if err != nil {
		outcome = "refused"
	}
	if d < 0 {
		outcome = "negative duration"
	}
	r.commands = append(r.commands, strings.Join([]string{network, kind, verb, outcome}, " "))
}

func (r *recorder) GameStarted(kind string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.started = append(r.started, kind)
}

func (r *recorder) GameFinished(kind string, ending bot.Ending) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.finished = append(r.finished, kind+" "+string(ending))
}

func (r *recorder) AIThought(kind string, d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.thought = append(r.thought, kind)
}

func (r *recorder) StoreError(op string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.storeErr = append(r.storeErr, op)
}

func (r *recorder) last() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.commands) == 0 {
		return ""
	}
	return r.commands[len(r.commands)-1]
}

// TestObserverCommandLabels: each command is observed once, under its
// network, its table's kind and its declared verb; a verb nobody declared
// is "other", whatever was typed.
func TestObserverCommandLabels(t *testing.T) {
	rec := &recorder{}
	h := newHarness(t, nil, hosttest.Observer(rec))
	cases := []struct {
		name, channel, text, want string
	}{
		{"a command about no game", "#o", "!games", "test  games ok"},
		{"start names the kind", "#o", "!guess start ai:5", "test guess start ok"},
		{"a kind's own command", "#o", "!guesses", "test guess guesses ok"},
		{"help by its alias", "#o", "!?", "test guess help ok"},
		{"a bare move", "#o", "!77", "test guess move refused"},
		{"an unknown verb said loudly", "#o", "!guess frobnicate<script>", "test guess other refused"},
		{"an archive command without an archive", "#o", "!history", "test  history refused"},
		{"a refused host command", "#p", "!resign", "test guess resign refused"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h.in(c.channel, "dave", c.text)
			if got := rec.last(); got != c.want {
				t.Errorf("after %q: got %q; want %q", c.text, got, c.want)
			}
		})
	}
	n := len(rec.commands)
	h.in("#o", "dave", "!weather") // another bot's command: not ours, not observed
	h.in("#o", "dave", "hello")
	if len(rec.commands) != n {
		t.Errorf("chatter observed: got %d commands; want %d", len(rec.commands), n)
	}
}

// TestObserverGameLifecycle: a game against the AI is started once and
// finished once, with its ending; the AI's thinking is observed per
// action.
func TestObserverGameLifecycle(t *testing.T) {
	rec := &recorder{}
	h := newHarness(t, nil, hosttest.Observer(rec))
	h.in("#ai", "dave", "!guess start ai:5")
	h.in("#ai", "dave", "/msg hide 5")
	h.in("#ai", "dave", "!ready")
	over := false
	for n := 1; n <= 9 && !over; n++ {
		rs := h.in("#ai", "dave", fmt.Sprintf("!%d", n))
		over = strings.Contains(text(rs), "wins.") || strings.Contains(text(rs), "Draw.")
	}
	if !over {
		t.Fatal("the game did not end")
	}
	if got, want := rec.started, []string{"guess"}; !slices.Equal(got, want) {
		t.Errorf("started: got %q; want %q", got, want)
	}
	if len(rec.finished) != 1 || !strings.HasPrefix(rec.finished[0], "guess ") {
		t.Errorf("finished: got %q; want one game of guess", rec.finished)
	}
	if len(rec.thought) < 2 || slices.ContainsFunc(rec.thought, func(k string) bool { return k != "guess" }) {
		t.Errorf("AI thought: got %q; want its setup and guesses, all guess", rec.thought)
	}
	h.in("#ai", "dave", "!guess start ai:5")
	h.in("#ai", "dave", "!resign")
	if got, want := rec.started, []string{"guess", "guess"}; !slices.Equal(got, want) {
		t.Errorf("started after a second game: got %q; want %q", got, want)
	}
	if got := rec.finished[len(rec.finished)-1]; got != "guess aborted" && got != "guess resigned" {
		t.Errorf("a resignation before any move: got %q; want aborted or resigned", got)
	}
	h.in("#ai", "dave", "!guess start ai:5")
	h.in("#ai", "dave", "!new") // abandons the game against the AI
	if got := rec.finished[len(rec.finished)-1]; got != "guess abandoned" {
		t.Errorf("a game abandoned by new: got %q; want guess abandoned", got)
	}
	if len(rec.started) != 3 || len(rec.finished) != 3 {
		t.Errorf("started %q, finished %q; want three of each", rec.started, rec.finished)
	}
	if len(rec.storeErr) != 0 {
		t.Errorf("store errors with a working store: got %q; want none", rec.storeErr)
	}
}

// brokenStore is a memory store that fails every Load once broken.
type brokenStore struct {
	*memory.Store
	mu     sync.Mutex
	broken bool
}

func (s *brokenStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	s.mu.Lock()
	broken := s.broken
	s.mu.Unlock()
	if broken {
		return nil, 0, errors.New("connection refused")
	}
	return s.Store.Load(ctx, key)
}

// TestObserverStoreErrors: a store failure is observed under its
// operation, and the command it broke as refused; a missing record is no
// failure.
func TestObserverStoreErrors(t *testing.T) {
	st := &brokenStore{Store: memory.New()}
	rec := &recorder{}
	h := newHarness(t, st, hosttest.Observer(rec))
	h.in("#s", "dave", "!guess start ai:5") // loads a missing record
	if len(rec.storeErr) != 0 {
		t.Fatalf("store errors before the outage: got %q; want none", rec.storeErr)
	}
	st.mu.Lock()
	st.broken = true
	st.mu.Unlock()
	rs := h.in("#s", "dave", "!guesses")
	want(t, rs, "#s", "Storage unavailable")
	if !slices.Contains(rec.storeErr, "Load") {
		t.Errorf("store errors: got %q; want Load", rec.storeErr)
	}
	if got, want := rec.last(), "test  guesses refused"; got != want {
		t.Errorf("the command: got %q; want %q", got, want)
	}
}

// archiveVerbNames are the host's archive commands, as the Observer
// names them.
var archiveVerbNames = []string{"history", "game", "export", "rating", "top", "link", "unlink"}

// FuzzObservedLabels: whatever a user types, the Observer hears of it
// under a verb the host or the kind declared, "move" or "other", and
// under the table's kind or none: never the user's own words.
func FuzzObservedLabels(f *testing.F) {
	for _, s := range []string{"!guess start ai", "!77", "!?", "!colour east", "!frobnicate", "!guess <script>", "!HIDE 3",
		"!guess guesses", "!history @bob", "!" + strings.Repeat("y", 30), "!start\x00", "!ready\r\nQUIT"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, line string, private bool) {
		rec := &recorder{}
		b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil, hosttest.Observer(rec)))
		defer b.Close()
		m := bot.Message{Network: "f", Channel: "#g", UserID: "id-u", Name: "u", Text: line}
		if private {
			m.Channel, m.Private, m.Addressed = "", true, true
		}
		b.Handle(context.Background(), m)
		declared := map[string]bool{bot.VerbMove: true, bot.VerbOther: true}
		for _, n := range archiveVerbNames {
			declared[n] = true
		}
		for _, k := range b.Kinds() {
			for _, c := range k.Commands {
				declared[strings.ToLower(c.Name)] = true
			}
		}
		for _, c := range rec.commands {
			parts := strings.Split(c, " ")
			if len(parts) != 4 {
				t.Fatalf("observed %q: want network, kind, verb, outcome", c)
			}
			kind, verb := parts[1], parts[2]
			if kind != "" && kind != "guess" {
				t.Errorf("kind: got %q; want guess or none", kind)
			}
			if !declared[verb] && !bot.IsHostVerb(verb) {
				t.Errorf("verb: got %q from %q; want a declared one, move or other", verb, line)
			}
		}
	})
}
