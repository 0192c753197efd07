package bot_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/deliver"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// drawn calls r.Picture, failing the test when it is missing or fails.
func drawn(t *testing.T, what string, r bot.Reply) []byte {
	t.Helper()
	if r.Picture == nil {
		t.Fatalf("%s: %q has no Picture; want the board's", what, r.Text)
	}
	data, err := r.Picture()
	if err != nil {
		t.Fatalf("%s: Picture: %v", what, err)
	}
	return data
}

// boards are the replies that show a board.
func boards(rs []bot.Reply) []bot.Reply {
	var out []bot.Reply
	for _, r := range rs {
		if r.Mono && r.Picture != nil {
			out = append(out, r)
		}
	}
	return out
}

// TestBoardRepliesCarryTheirPicture: every reply that shows a board of a
// kind that draws carries the picture of that board for the same viewer:
// the seats' private boards at the start, a spectator's and a player's
// board, the boards after a move; board text has none.
func TestBoardRepliesCarryTheirPicture(t *testing.T) {
	h := newHarness(t, nil)
	h.in("#p1", "alice", "!guess start @bob")
	h.in("#p1", "bob", "!join")
	h.dm("alice", "#p1 hide 4")
	h.dm("bob", "#p1 hide 6")
	h.dm("alice", "#p1 ready")
	start := h.dm("bob", "#p1 ready")
	seatOf := map[string]int{"id-alice": 0, "id-bob": 1}
	checkPrivate := func(when string, rs []bot.Reply) int {
		t.Helper()
		n := 0
		for _, r := range boards(rs) {
			if !r.Private {
				if got, want := drawn(t, when, r), picture(t, h, "#p1", bot.Spectator); !bytes.Equal(got, want) {
					t.Errorf("%s: the channel's board picture is not the spectator's", when)
				}
				continue
			}
			seat, ok := seatOf[r.User.ID]
			if !ok {
				t.Fatalf("%s: a private board for %q; want only the seats'", when, r.User.ID)
			}
			if got, want := drawn(t, when, r), picture(t, h, "#p1", seat); !bytes.Equal(got, want) {
				t.Errorf("%s: %s's private board picture is not seat %d's", when, r.User.ID, seat)
			}
			n++
		}
		return n
	}
	if got := checkPrivate("start", start); got != 2 {
		t.Errorf("start: got %d private board pictures; want 2 (one per seat)", got)
	}

	for _, tc := range []struct {
		name, user string
		viewer     int
		private    bool
	}{
		{name: "spectator", user: "carol", viewer: bot.Spectator},
		{name: "seat asks in the channel", user: "alice", viewer: 0, private: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := boards(h.in("#p1", tc.user, "!board"))
			if len(rs) != 1 {
				t.Fatalf("board: got %d board replies; want 1", len(rs))
			}
			if rs[0].Private != tc.private {
				t.Errorf("board: got private %v; want %v", rs[0].Private, tc.private)
			}
			if got, want := drawn(t, "board", rs[0]), picture(t, h, "#p1", tc.viewer); !bytes.Equal(got, want) {
				t.Errorf("board: the picture is not viewer %d's", tc.viewer)
			}
			text := h.in("#p1", tc.user, "!board text")
			if len(text) != 1 || text[0].Picture != nil || text[0].Text != rs[0].Text {
				t.Errorf("board text: got %+v; want the same text board with no picture", text)
			}
		})
	}
	if rs := h.in("#p1", "carol", "!board png"); len(rs) != 1 || !rs[0].Error || !strings.Contains(rs[0].Text, "board text") {
		t.Errorf("board png: got %+v; want one refusal naming board text", rs)
	}

	// The picture is of the moment the reply was made, even when it is
	// drawn after the game has moved on.
	before := boards(h.in("#p1", "carol", "!board"))[0]
	beforePNG := picture(t, h, "#p1", bot.Spectator)
	moved := h.in("#p1", "alice", "!1")
	if got := drawn(t, "after a guess", before); !bytes.Equal(got, beforePNG) {
		t.Errorf("a board reply drawn after a guess shows the new position; want the one it was made at")
	}
	if bytes.Equal(beforePNG, picture(t, h, "#p1", bot.Spectator)) {
		t.Fatalf("the guess did not change the spectator's picture; the test proves nothing")
	}
	checkPrivate("after a guess", moved)
}

// mailSink is a Sender that hands what it gets to a channel.
type mailSink chan []bot.Reply

func (s mailSink) Send(_ context.Context, rs []bot.Reply) error {
	s <- rs
	return nil
}

// TestBoardPictureTravelsByMail: a board reply for a table another
// process serves goes by mail without its Picture (a function does not
// travel) but with its Shot, from which the receiving Router draws the
// same picture again; without Pictures it arrives as text.
func TestBoardPictureTravelsByMail(t *testing.T) {
	h := newHarness(t, nil)
	h.in("#p1", "alice", "!guess start @bob")
	h.in("#p1", "bob", "!join")
	board := boards(h.in("#p1", "carol", "!board"))[0]
	want := drawn(t, "board", board)
	far := bot.Table{Network: "far", Channel: "#x"}
	for _, tc := range []struct {
		name     string
		pictures func(bot.Shot) func() ([]byte, error)
	}{
		{name: "drawn again", pictures: h.bot.PictureOf},
		{name: "no Pictures: text", pictures: nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			box := memory.New()
			from := &deliver.Router{Box: box, Serves: func(bot.Table) bool { return false }, Log: slog.New(slog.DiscardHandler)}
			r := board
			r.To = far
			if err := from.Send(context.Background(), []bot.Reply{r}); err != nil {
				t.Fatalf("posting the board: %v", err)
			}
			to := &deliver.Router{Box: box, Serves: func(bot.Table) bool { return true }, Log: slog.New(slog.DiscardHandler), Pictures: tc.pictures}
			sink := make(mailSink, 1)
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() { to.PollMail(ctx, func() []string { return to.Boxes([]bot.Table{far}) }, sink); close(done) }()
			got := <-sink
			cancel()
			<-done
			if len(got) != 1 || got[0].Text != board.Text || got[0].Shot == nil {
				t.Fatalf("by mail: got %+v; want the board with its Shot", got)
			}
			if tc.pictures == nil {
				if got[0].Picture != nil {
					t.Errorf("by mail without Pictures: got a Picture; want none")
				}
				return
			}
			if data := drawn(t, "by mail", got[0]); !bytes.Equal(data, want) {
				t.Errorf("by mail: the picture differs from the one drawn where the reply was made")
			}
		})
	}
}

// BenchmarkBoardReply is what a board reply costs a network that shows
// only text (IRC, the console): "board" attaches a Picture (the state
// encoded, never drawn), "board text" does not; and what drawing it costs
// once, then from the cache.
func BenchmarkBoardReply(b *testing.B) {
	bt, err := hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{})}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer bt.Close()
	say := func(user, text string) []bot.Reply {
		return bt.Handle(context.Background(), bot.Message{Network: "test", Channel: "#b", UserID: "id-" + user, Name: user, Text: text})
	}
	say("alice", "!ataxx start @bob")
	say("bob", "!join")
	say("alice", "!a7-b6")
	for _, bc := range []struct{ name, text string }{
		{name: "picture attached", text: "!board"},
		{name: "text only", text: "!board text"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if rs := say("carol", bc.text); len(rs) != 1 {
					b.Fatalf("%s: got %d replies; want 1", bc.text, len(rs))
				}
			}
		})
	}
	b.Run("drawn from the cache", func(b *testing.B) {
		r := say("carol", "!board")[0]
		b.ReportAllocs()
		for b.Loop() {
			if _, err := r.Picture(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
