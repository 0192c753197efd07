package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

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

// TestPictureCache: asking again for the same position is answered from
// the cache, byte for byte; a move makes a new picture; the cache keeps
// at most its size.
func TestPictureCache(t *testing.T) {
	h := newHarness(t, nil)
	h.playing("#c")
	first := picture(t, h, "#c", bot.Spectator)
	before := h.bot.PictureStats()
	again := picture(t, h, "#c", bot.Spectator)
	after := h.bot.PictureStats()
	if !bytes.Equal(first, again) {
		t.Errorf("the same position twice: pictures differ; want the same bytes")
	}
	if after.Hits != before.Hits+1 || after.Misses != before.Misses {
		t.Errorf("the same position again: got %+v after %+v; want one more hit and no miss", after, before)
	}
	h.in("#c", "alice", "!1")
	if moved := picture(t, h, "#c", bot.Spectator); bytes.Equal(moved, first) {
		t.Errorf("after a guess: the picture is the old one; want the new position")
	}
	if s := h.bot.PictureStats(); s.Misses != after.Misses+1 {
		t.Errorf("after a guess: got %d misses; want %d", s.Misses, after.Misses+1)
	}

	st, err := guessgame.New(guessgame.Options{}).New("")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 300 {
		if _, err := h.bot.BoardPNG(st, bot.Spectator, fmt.Sprint("caption ", i)); err != nil {
			t.Fatal(err)
		}
	}
	if s := h.bot.PictureStats(); s.Entries != 256 {
		t.Errorf("after 300 pictures: got %d kept; want 256", s.Entries)
	}
}

// BenchmarkBoardPNGCached is a board asked for again: the state encoded
// and hashed, and the cache's answer.
func BenchmarkBoardPNGCached(b *testing.B) {
	bt, err := hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer bt.Close()
	st, _ := guessgame.New(guessgame.Options{}).New("")
	if _, err := bt.BoardPNG(st, bot.Spectator, "East: alice · West: bob"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bt.BoardPNG(st, bot.Spectator, "East: alice · West: bob"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPictureShowsClocks: the caption of a clocked game shows the time
// left, so the picture changes as the clock runs, and not otherwise.
func TestPictureShowsClocks(t *testing.T) {
	h := newHarness(t, nil)
	h.clocked("#k", "10m+5s")
	first := picture(t, h, "#k", bot.Spectator)
	if again := picture(t, h, "#k", bot.Spectator); !bytes.Equal(first, again) {
		t.Errorf("no time passed: the picture changed; want the same")
	}
	h.clock.Advance(61e9)
	if later := picture(t, h, "#k", bot.Spectator); bytes.Equal(first, later) {
		t.Errorf("a minute later: the picture is the same; want the clock's new time")
	}
}
