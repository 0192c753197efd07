package strategogame_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestArchivedGameExportReplays: a Stratego game played through the host
// with the archive on, resigned by Red on her turn, is exported by !export
// ID and replayed by the real cmd/stratego -f to the same result line:
// Red's SURRENDER.
func TestArchivedGameExportReplays(t *testing.T) {
	bin := buildStratego(t, t.TempDir())
	k := newKind(t, strategogame.Options{})
	store := memory.New()
	b, err := hosttest.New(bot.Config{Archive: true}, store, &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}, []bot.Kind{k}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	h := &harness{t: t, bot: b, store: store}
	h.in("alice", "!stratego start @bob")
	want(t, h.in("bob", "!join"), "#g", "Blue (bob). (game 1)")
	for i, u := range []string{"alice", "bob"} {
		h.dm(u, "setup "+[]string{"progcomp", "fortress"}[i])
		h.dm(u, "ready")
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for n := 0; n < 20; n++ {
		g, _ := h.game()
		p := g.Position()
		moves := p.LegalMoves()
		m := moves[rng.IntN(len(moves))]
		user := [2]string{"alice", "bob"}[p.Side()]
		h.in(user, "!move "+m.String())
	}
	want(t, h.in("alice", "!resign"), "#g", "(game 1)")
	rs := h.in("carol", "!export 1")
	if len(rs) != 1 || rs[0].Error || !rs[0].Mono {
		t.Fatalf("export: got:\n%s\nwant one monospaced file", dump(rs))
	}
	_, log, ok := strings.Cut(rs[0].Text, ":\n")
	if !ok {
		t.Fatalf("export: got %q; want a file name and the log", rs[0].Text)
	}
	got := replay(t, bin, []byte(log+"\n"))
	if want := lastLine([]byte(log)); got != want || !strings.HasPrefix(got, "alice RED SURRENDER ") {
		t.Fatalf("stratego -f: got %q; want %q, alice RED SURRENDER\n%s", got, want, log)
	}
}
