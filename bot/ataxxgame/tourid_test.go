package ataxxgame_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/tournament"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestTournamentsHaveTheirOwnNumbers: tournaments are numbered t1, t2, ...
// apart from the games (the first tournament's games are 1 and 2, not 2
// and 3); a number an old tournament holds (numbered from the games'
// counter before) is passed over, so the old one keeps its id.
func TestTournamentsHaveTheirOwnNumbers(t *testing.T) {
	st := memory.New()
	ctx := context.Background()
	if _, err := st.Save(ctx, "tournament:t2", []byte(`{"schema":1,"id":"t2","kind":"ataxx","state":"finished"}`), 0, false); err != nil {
		t.Fatal(err)
	}
	b, in := newTourBot(t, st, bot.Config{}, hosttest.Tournaments(tournament.Config{Games: 2}))
	for _, c := range []struct {
		name, channel, wantID string
		wantGames             []string
	}{
		{"the first tournament", "#t", "t1", []string{"game 1)", "game 2)"}},
		{"the next, past an old tournament's t2", "#u", "t3", []string{"game 3)", "game 4)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := joined(say(b, c.channel, "alice", "!tournament ataxx roundrobin ai:2 ai:3 rounds 2"))
			if m := tourIDPattern.FindStringSubmatch(out); m == nil || m[1] != c.wantID {
				t.Fatalf("made: got %q; want tournament %s", out, c.wantID)
			}
			said := in.wait(t, c.channel, regexp.MustCompile(`Tournament `+c.wantID+` is over\.`), 60*time.Second)
			for _, g := range c.wantGames {
				if !strings.Contains(said, g) {
					t.Errorf("results: got\n%s\nwant %q", said, g)
				}
			}
		})
	}
}
