package pictures_test

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// harness is a host of Guess that tests talk to as chat users on the
// network "test".
type harness struct {
	bot *hosttest.Host
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	b, err := hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return &harness{bot: b}
}

// in says text in channel as user.
func (h *harness) in(channel, user, text string) []bot.Reply {
	return h.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user, Text: text})
}

// dm says text privately to the bot as user.
func (h *harness) dm(user, text string) []bot.Reply {
	return h.bot.Handle(context.Background(), bot.Message{Network: "test", UserID: "id-" + user, Name: user, Text: text, Addressed: true, Private: true})
}

// playing seats alice and bob at channel, both ready.
func (h *harness) playing(channel string) {
	h.in(channel, "alice", "!guess start @bob")
	h.in(channel, "bob", "!join")
	h.dm("alice", "hide 4")
	h.dm("bob", "hide 6")
	h.dm("alice", "ready")
	h.dm("bob", "ready")
}

// twoTables seats alice (East) and bob (West) at #p1 and at #p2, with
// different hidden numbers at each, both ready.
func twoTables(h *harness) {
	for _, tc := range []struct{ table, east, west string }{{"#p1", "4", "6"}, {"#p2", "7", "2"}} {
		h.in(tc.table, "alice", "!guess start @bob")
		h.in(tc.table, "bob", "!join")
		h.dm("alice", tc.table+" hide "+tc.east)
		h.dm("bob", tc.table+" hide "+tc.west)
		h.dm("alice", tc.table+" ready")
		h.dm("bob", tc.table+" ready")
	}
}

func picture(t *testing.T, h *harness, channel string, viewer int) []byte {
	t.Helper()
	data, err := h.bot.Picture(context.Background(), bot.Table{Network: "test", Channel: channel}, viewer)
	if err != nil {
		t.Fatalf("Picture(%s, %d): %v", channel, viewer, err)
	}
	if _, err := png.DecodeConfig(bytes.NewReader(data)); err != nil {
		t.Fatalf("Picture(%s, %d): not a PNG: %v", channel, viewer, err)
	}
	return data
}

// TestPictureHidesSecrets: two tables whose games differ only in the
// hidden numbers give the spectator the same picture, byte for byte,
// before and after a guess; each seat's picture shows its own number, so
// it differs between the tables and from the spectator's; PictureFor
// gives a person their own seat's picture and anyone else the
// spectator's.
func TestPictureHidesSecrets(t *testing.T) {
	h := newHarness(t)
	twoTables(h)
	check := func(when string) {
		t.Helper()
		if a, b := picture(t, h, "#p1", bot.Spectator), picture(t, h, "#p2", bot.Spectator); !bytes.Equal(a, b) {
			t.Errorf("%s: the spectator's pictures of #p1 and #p2 differ (%d and %d bytes); want the same: only secrets differ", when, len(a), len(b))
		}
		for seat := range 2 {
			if a, b := picture(t, h, "#p1", seat), picture(t, h, "#p2", seat); bytes.Equal(a, b) {
				t.Errorf("%s: seat %d's pictures of #p1 and #p2 are the same; want each to show its own number", when, seat)
			}
			if a, b := picture(t, h, "#p1", seat), picture(t, h, "#p1", bot.Spectator); bytes.Equal(a, b) {
				t.Errorf("%s: seat %d's picture is the spectator's; want its own number shown", when, seat)
			}
		}
	}
	check("after the setup")
	h.in("#p1", "alice", "!1")
	h.in("#p2", "alice", "!1")
	check("after a guess")

	ctx := context.Background()
	p1 := bot.Table{Network: "test", Channel: "#p1"}
	for _, tc := range []struct {
		name, user string
		viewer     int
	}{{"east", "id-alice", 0}, {"west", "id-bob", 1}, {"spectator", "id-carol", bot.Spectator}, {"nobody", "", bot.Spectator}} {
		got, err := h.bot.PictureFor(ctx, p1, tc.user)
		if err != nil {
			t.Fatal(err)
		}
		if want := picture(t, h, "#p1", tc.viewer); !bytes.Equal(got, want) {
			t.Errorf("%s: PictureFor(%q) is not viewer %d's picture", tc.name, tc.user, tc.viewer)
		}
	}
}

// plain is a State whose kind draws nothing.
type plain struct{ bot.State }

func TestPictureRefused(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	if _, err := h.bot.Picture(ctx, bot.Table{Network: "test", Channel: "#empty"}, bot.Spectator); !errors.Is(err, bot.ErrNotFound) {
		t.Errorf("no game: got %v; want ErrNotFound", err)
	}
	h.playing("#r")
	for _, seat := range []int{2, -2, 99} {
		if _, err := h.bot.Picture(ctx, bot.Table{Network: "test", Channel: "#r"}, seat); !errors.Is(err, bot.ErrBadCommand) {
			t.Errorf("seat %d: got %v; want ErrBadCommand", seat, err)
		}
	}
	st, _ := guessgame.New(guessgame.Options{}).New("")
	if _, err := h.bot.BoardPNG(plain{st}, bot.Spectator, ""); !errors.Is(err, bot.ErrNoPicture) {
		t.Errorf("a kind without pictures: got %v; want ErrNoPicture", err)
	}
}
