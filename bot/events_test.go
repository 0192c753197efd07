package bot_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
)

// eventLog keeps what a subscriber was told, one word per event.
type eventLog struct{ got []string }

func (l *eventLog) subscriber(_ context.Context, e bot.Event) error {
	switch e := e.(type) {
	case bot.GameBegan:
		l.got = append(l.got, "began "+e.Table.Channel)
	case bot.Moved:
		l.got = append(l.got, fmt.Sprintf("moved %d", e.Seat))
	case bot.GameEnded:
		if e.Abandoned {
			l.got = append(l.got, "abandoned")
		} else {
			l.got = append(l.got, "ended "+string(e.Record.Ending))
		}
	case bot.GameReplaced:
		l.got = append(l.got, "replaced "+string(e.Over.Ending))
	case bot.TableChanged:
		if e.Version == 0 || e.Record == nil {
			l.got = append(l.got, "changed without a version or record")
		}
		l.got = append(l.got, "changed")
	}
	return nil
}

// TestEventsFollowEachSavedChange: subscribers hear what a saved change
// did, in order: play began, each action, the end with its result, then
// that the table changed; a refused command tells nothing.
func TestEventsFollowEachSavedChange(t *testing.T) {
	b, _ := coreOnly(t)
	var l eventLog
	b.Subscribe(l.subscriber)
	steps := []struct {
		channel, user, text string
		want                []string
	}{
		{"#e", "alice", "!guess start @bob", []string{"changed"}},
		{"#e", "bob", "!join", []string{"began #e", "changed"}}, // a hidden setup is play
		{"", "alice", "hide 4", []string{"moved 0", "changed"}},
		{"", "bob", "hide 6", []string{"moved 1", "changed"}},
		{"", "alice", "ready", []string{"moved 0", "changed"}},
		{"", "bob", "ready", []string{"moved 1", "changed"}},
		{"#e", "carol", "!resign", nil}, // refused: carol holds no seat
		{"#e", "alice", "!guess guess 6", []string{"moved 0", "ended guessed right", "changed"}},
		{"#e", "alice", "!status", nil},
	}
	for _, s := range steps {
		l.got = nil
		say(b, s.channel, s.user, s.text)
		if !slices.Equal(l.got, s.want) {
			t.Errorf("%s: got events %v; want %v", s.text, l.got, s.want)
		}
	}
}

// TestEventsOfAbandonAndBeginning: new in a running game tells that it
// ended abandoned; a game that begins says so with its table.
func TestEventsOfAbandonAndBeginning(t *testing.T) {
	b, _ := coreOnly(t)
	var l eventLog
	say(b, "#a", "alice", "!guess start ai")
	b.Subscribe(l.subscriber)
	say(b, "#a", "alice", "!new")
	if !slices.Contains(l.got, "abandoned") {
		t.Errorf("new while playing the AI: got events %v; want an abandoned end", l.got)
	}
	l.got = nil
	say(b, "#a", "alice", "!start ai")
	if !slices.Contains(l.got, "began #a") {
		t.Errorf("start ai: got events %v; want began #a", l.got)
	}
}

// TestSubscriberFailureNeverFailsTheCommand: a subscriber that errs or
// panics is logged; the command is carried out once, with the replies it
// has without subscribers, and the next subscriber is still told.
func TestSubscriberFailureNeverFailsTheCommand(t *testing.T) {
	plain, _ := coreOnly(t)
	b, _ := coreOnly(t)
	var l eventLog
	b.Subscribe(func(context.Context, bot.Event) error { return errors.New("subscriber down") })
	b.Subscribe(func(context.Context, bot.Event) error { panic("subscriber bug") })
	b.Subscribe(l.subscriber)
	for _, s := range []struct{ user, line string }{
		{"alice", "!guess start @bob"}, {"bob", "!join"}, {"alice", "/hide 4"}, {"bob", "/hide 6"},
		{"alice", "/ready"}, {"bob", "/ready"}, {"alice", "!guess guess 6"}, {"alice", "!new"},
	} {
		user, line, channel := s.user, s.line, "#f"
		if rest, ok := strings.CutPrefix(line, "/"); ok {
			channel, line = "", rest
		}
		want := text(say(plain, channel, user, line))
		if got := text(say(b, channel, user, line)); got != want {
			t.Errorf("%s: got %s; want what the core says without subscribers: %s", line, got, want)
		}
	}
	if !slices.Contains(l.got, "ended guessed right") {
		t.Errorf("the third subscriber: got %v; want the game's end", l.got)
	}
}

// TestSubscriberHearsOnlyWhatItAskedFor: a subscriber that names event
// types hears those alone; one that names none hears every type.
func TestSubscriberHearsOnlyWhatItAskedFor(t *testing.T) {
	b, _ := coreOnly(t)
	var ends, all eventLog
	b.Subscribe(ends.subscriber, bot.GameEnded{})
	b.Subscribe(all.subscriber)
	for _, s := range []struct{ channel, user, text string }{
		{"#o", "alice", "!guess start @bob"}, {"#o", "bob", "!join"}, {"", "alice", "hide 4"}, {"", "bob", "hide 6"},
		{"", "alice", "ready"}, {"", "bob", "ready"}, {"#o", "alice", "!guess guess 6"},
	} {
		say(b, s.channel, s.user, s.text)
	}
	if want := []string{"ended guessed right"}; !slices.Equal(ends.got, want) {
		t.Errorf("a subscriber to GameEnded: got %v; want %v", ends.got, want)
	}
	if !slices.Contains(all.got, "began #o") || !slices.Contains(all.got, "moved 1") || !slices.Contains(all.got, "changed") {
		t.Errorf("a subscriber to everything: got %v; want began, moved and changed among them", all.got)
	}
}
