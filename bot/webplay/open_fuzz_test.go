package webplay

import (
	"errors"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// nowCore is a core that only tells the time.
type nowCore struct {
	Core
	now time.Time
}

func (c nowCore) Now() time.Time { return c.now }

// FuzzOpen: whatever a browser sends as a token, open answers a pass it
// signed itself or ErrLink, and never panics.
func FuzzOpen(f *testing.F) {
	now := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	w := &Web{core: nowCore{now: now}, key: []byte("0123456789abcdef0123456789abcdef")}
	good, err := w.sign(pass{V: 1, Network: "irc", Channel: "#ataxx", UserID: "alice", Name: "alice", Table: "irc:#ataxx", Expires: now.Add(time.Hour).Unix()})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{good, "", ".", "a.b", good + "x", "eyJ2IjoxfQ." + good[len(good)-43:]} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, token string) {
		p, table, err := w.open(token)
		if err != nil {
			if !errors.Is(err, bot.ErrLink) {
				t.Fatalf("open(%q): got %v; want ErrLink", token, err)
			}
			return
		}
		// Only a token this key signed opens: signing its pass again
		// gives the token back, byte for byte.
		again, err := w.sign(p)
		if err != nil || again != token || p.UserID == "" || table.Key() != p.Table {
			t.Fatalf("open(%q) gave %+v at %v (signed again: %q); want a pass it signed itself", token, p, table, again)
		}
	})
}
